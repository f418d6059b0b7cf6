CREATE TABLE "site_counts" (
	"name" text PRIMARY KEY NOT NULL,
	"n" bigint NOT NULL
);
