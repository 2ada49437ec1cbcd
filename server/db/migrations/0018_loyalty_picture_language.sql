-- The login flyout's loyalty picture holds words, so it has one address per language: `{lang}` in the
-- configured address is the page's language. A database seeded with the one shipped address (English
-- words on French pages too) gets the address per language; an editor's own address stays.
UPDATE site_config SET value = '/medias/loyalty-login-hover-{lang}.svg'
 WHERE key = 'loyalty.login.hover.image.url.horizontal' AND value = '/medias/loyalty-login-hover.svg';
