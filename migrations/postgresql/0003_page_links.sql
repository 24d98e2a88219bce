-- The page's links (`checklist serve`), as on a file (migrations/0005): a link lasts across
-- restarts of serve, so its secret is kept, but only as its SHA-256 (hex). One link per
-- person, '' for the plain link. `serve --new-link` replaces a link's row.
CREATE TABLE checklist.page_links (
    person text COLLATE "C" PRIMARY KEY,
    secret_sha256 text NOT NULL,
    created_at text NOT NULL
);
