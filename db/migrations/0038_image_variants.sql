CREATE TABLE "upload_variants" (
	"upload_id" text NOT NULL,
	"kind" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"mime_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "upload_variants_upload_id_kind_width_pk" PRIMARY KEY("upload_id","kind","width")
);
--> statement-breakpoint
ALTER TABLE "upload_variants" ADD CONSTRAINT "upload_variants_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;