CREATE TABLE "chat_awaiting_answer" (
	"channel_id" integer NOT NULL,
	"organization_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"padrao" char(1) NOT NULL,
	"first_message_id" integer NOT NULL,
	"messages" integer NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chat_awaiting_answer_channel_id_organization_id_pk" PRIMARY KEY("channel_id","organization_id")
);
--> statement-breakpoint
CREATE TABLE "chat_awaiting_totals" (
	"organization_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"padrao" char(1) NOT NULL,
	"messages" integer NOT NULL,
	CONSTRAINT "chat_awaiting_totals_organization_id_owner_id_padrao_pk" PRIMARY KEY("organization_id","owner_id","padrao")
);
--> statement-breakpoint
CREATE TABLE "chat_unread_counters" (
	"user_id" integer NOT NULL,
	"organization_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"padrao" char(1) NOT NULL,
	"unread" integer NOT NULL,
	CONSTRAINT "chat_unread_counters_user_id_organization_id_owner_id_padrao_pk" PRIMARY KEY("user_id","organization_id","owner_id","padrao")
);
--> statement-breakpoint
ALTER TABLE "chat_awaiting_answer" ADD CONSTRAINT "chat_awaiting_answer_channel_id_chat_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."chat_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_awaiting_answer" ADD CONSTRAINT "chat_awaiting_answer_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_awaiting_answer" ADD CONSTRAINT "chat_awaiting_answer_owner_id_organizations_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_awaiting_totals" ADD CONSTRAINT "chat_awaiting_totals_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_awaiting_totals" ADD CONSTRAINT "chat_awaiting_totals_owner_id_organizations_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_unread_counters" ADD CONSTRAINT "chat_unread_counters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_unread_counters" ADD CONSTRAINT "chat_unread_counters_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_unread_counters" ADD CONSTRAINT "chat_unread_counters_owner_id_organizations_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_awaiting_answer_org_last_idx" ON "chat_awaiting_answer" USING btree ("organization_id","last_at");--> statement-breakpoint
-- Backfill. Channels are made from now on by the writes that create the relationships (organization creation, a unit
-- joining its flag, a customer link), no longer by the first listing: the relationships already there get theirs.
INSERT INTO "chat_channels" ("padrao", "organization_id", "partner_id")
SELECT 'I', "id", NULL::integer FROM "organizations"
UNION SELECT 'B', "id", NULL FROM "organizations" WHERE "tipo" = 'b'
UNION SELECT 'B', "bandeira_id", NULL FROM "organizations" WHERE "bandeira_id" IS NOT NULL
UNION SELECT 'F', "organization_id", "partner_id" FROM "organization_links" WHERE "relacao" = 'cliente'
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Unread (server/db/chat-counters.ts unreadRows): per active member, the others' messages after their read cursor in the
-- organization's channels (server/db/chat-channels.ts channelsOf), one row per channel owner and type.
INSERT INTO "chat_unread_counters" ("user_id", "organization_id", "owner_id", "padrao", "unread")
SELECT m."user_id", m."organization_id", ch."organization_id", ch."padrao", count(*)::int
FROM "memberships" m
JOIN "organizations" o ON o."id" = m."organization_id"
JOIN "chat_channels" ch ON (
  (ch."padrao" = 'I' AND ch."organization_id" = o."id")
  OR (ch."padrao" = 'B' AND ch."organization_id" = ANY (array_remove(ARRAY[CASE WHEN o."tipo" = 'b' THEN o."id" END, o."bandeira_id"], NULL)))
  OR (ch."padrao" = 'F' AND (ch."organization_id" = o."id" OR ch."partner_id" = o."id")
      AND EXISTS (SELECT 1 FROM "organization_links" l WHERE l."organization_id" = ch."organization_id" AND l."partner_id" = ch."partner_id" AND l."relacao" = 'cliente'))
)
JOIN "chat_messages" x ON x."channel_id" = ch."id"
  AND x."user_id" IS DISTINCT FROM m."user_id"
  AND x."id" > coalesce((SELECT r."last_read_id" FROM "chat_reads" r WHERE r."channel_id" = ch."id" AND r."user_id" = m."user_id"), 0)
WHERE m."active"
GROUP BY 1, 2, 3, 4;--> statement-breakpoint
-- Waiting for an answer (awaitingRows): per organization and external channel it takes part in, the messages after its own last one there.
INSERT INTO "chat_awaiting_answer" ("channel_id", "organization_id", "owner_id", "padrao", "first_message_id", "messages", "since", "last_at")
SELECT ch."id", o."id", ch."organization_id", ch."padrao", min(x."id"), count(*)::int, min(x."created_at"), max(x."created_at")
FROM "organizations" o
JOIN "chat_channels" ch ON ch."padrao" <> 'I' AND (
  (ch."padrao" = 'B' AND ch."organization_id" = ANY (array_remove(ARRAY[CASE WHEN o."tipo" = 'b' THEN o."id" END, o."bandeira_id"], NULL)))
  OR (ch."padrao" = 'F' AND (ch."organization_id" = o."id" OR ch."partner_id" = o."id")
      AND EXISTS (SELECT 1 FROM "organization_links" l WHERE l."organization_id" = ch."organization_id" AND l."partner_id" = ch."partner_id" AND l."relacao" = 'cliente'))
)
JOIN "chat_messages" x ON x."channel_id" = ch."id"
  AND x."id" > coalesce((SELECT max(y."id") FROM "chat_messages" y WHERE y."channel_id" = ch."id" AND y."organization_id" = o."id"), 0)
GROUP BY 1, 2, 3, 4;--> statement-breakpoint
-- Their sums per organization, channel owner and type.
INSERT INTO "chat_awaiting_totals" ("organization_id", "owner_id", "padrao", "messages")
SELECT "organization_id", "owner_id", "padrao", sum("messages") FROM "chat_awaiting_answer" GROUP BY 1, 2, 3;
