-- The page's links (`checklist serve`): a link lasts across restarts of serve, so its secret is
-- kept, but only as its SHA-256 (hex): whoever reads the file cannot open the page with it.
-- One link per person, '' for the plain link. `serve --new-link` replaces a link's row, and
-- the old secret stops opening the page at once.
CREATE TABLE page_links (
    person TEXT NOT NULL PRIMARY KEY,
    secretSHA256 TEXT NOT NULL,
    createdAt TEXT NOT NULL
);

PRAGMA user_version = 5;
