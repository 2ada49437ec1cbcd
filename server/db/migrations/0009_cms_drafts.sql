-- CMS preview (header spec §7: cms/pages "preview with cmsTicketId"): a content editor's unpublished
-- versions of components, grouped under a preview ticket. Published content is never touched; a
-- cms/pages call with the ticket shows each drafted component in its published one's place.
CREATE TABLE cms_draft_components (
  ticket_id text NOT NULL,
  brand text NOT NULL,
  lang text NOT NULL,
  uid text NOT NULL,
  body jsonb NOT NULL,
  PRIMARY KEY (ticket_id, brand, lang, uid)
);
