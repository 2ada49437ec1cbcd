-- The French greeting is header spec §1's "Bienvenue". For a while the shipped labels said "Bonjour",
-- and seeding never overwrites a label (an editor's change must survive), so a database seeded then
-- keeps it: it is set back here where it is still exactly that shipped text. Any other wording is an
-- editor's and stays.
UPDATE message_labels SET value = 'Bienvenue'
 WHERE lang = 'fr' AND key = 'header.greeting' AND value = 'Bonjour';
