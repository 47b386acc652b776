"""The pages around the table: the main menu, quick play's custom table, the ladder and its
progress, the daily table, Recent matches, the rules, settings and statistics."""
