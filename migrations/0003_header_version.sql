-- Records in the file's header that this is a checklist database, and at which schema: a
-- command can then see that a database is current from the 100 header bytes it reads anyway,
-- and open it with one connection, without first looking at grdb_migrations through another.
-- application_id is 0x43484B4C, "CHKL", and user_version is the number of this migration:
-- each later migration sets it to its own number.
PRAGMA application_id = 1128811340;
PRAGMA user_version = 3;
