-- Reading products, customers and conditions became permissions (decision 042): every existing role keeps reading them.
INSERT INTO "cargo_permissions" ("cargo_id", "permissao")
SELECT "cargos"."id", "granted"."permissao"
FROM "cargos" CROSS JOIN (VALUES ('produtos_ver'), ('clientes_ver'), ('condicoes_ver')) AS "granted" ("permissao")
ON CONFLICT DO NOTHING;
