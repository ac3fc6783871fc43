-- NOTE: a framing stored before both plans were kept (one plan and the framing it was asked for)
-- is dropped: its short is planned again, both plans from one face track.
UPDATE "clips" SET "framing" = NULL WHERE "framing" IS NOT NULL AND NOT ("framing" ? 'follow');
