-- Issue 57: the royalty list pages through lib/lists (listPage) like the other lists, so its own walk's
-- machinery goes: the royalty lines counted per book with copyright_books.has_royalty_lines and the partial
-- index copyright_books_company_title_sold (ROYALTY_BOOK_LINE_COUNTS, migration 0037), the royalty totals per UTC
-- hour (ROYALTY_TOTAL_HOURS, migration 0039: a range's partial UTC days are read from their lines) and the copyright
-- books' publication spans (COPYRIGHT_BOOK_SPANS, migration 0045). Their triggers and functions first, then the
-- tables, the column and the index (docs/decisions/royalty-on-lib-lists.md).
DROP TRIGGER royalty_lines_counts_ins ON royalty_lines;
--> statement-breakpoint
DROP TRIGGER royalty_lines_counts_del ON royalty_lines;
--> statement-breakpoint
DROP TRIGGER royalty_lines_counts_upd ON royalty_lines;
--> statement-breakpoint
DROP FUNCTION royalty_book_line_counts_apply();
--> statement-breakpoint
DROP TRIGGER royalty_lines_hour_sums_ins ON royalty_lines;
--> statement-breakpoint
DROP TRIGGER royalty_lines_hour_sums_del ON royalty_lines;
--> statement-breakpoint
DROP TRIGGER royalty_lines_hour_sums_upd ON royalty_lines;
--> statement-breakpoint
DROP TRIGGER copyright_books_royalty_total_hour_sums_upd ON copyright_books;
--> statement-breakpoint
DROP TRIGGER copyright_books_royalty_total_hour_sums_del ON copyright_books;
--> statement-breakpoint
DROP FUNCTION royalty_total_hour_sums_apply();
--> statement-breakpoint
DROP FUNCTION royalty_total_hour_sums_parent_apply();
--> statement-breakpoint
DROP FUNCTION royalty_total_hour_sums_parent_delete();
--> statement-breakpoint
DROP TRIGGER copyright_books_spans_ins ON copyright_books;
--> statement-breakpoint
DROP TRIGGER copyright_books_spans_upd ON copyright_books;
--> statement-breakpoint
DROP FUNCTION copyright_book_spans_widen();
--> statement-breakpoint
DROP TABLE "copyright_book_spans" CASCADE;--> statement-breakpoint
DROP TABLE "royalty_book_line_counts" CASCADE;--> statement-breakpoint
DROP TABLE "royalty_total_hour_sums" CASCADE;--> statement-breakpoint
DROP INDEX "copyright_books_company_title_sold";--> statement-breakpoint
ALTER TABLE "copyright_books" DROP COLUMN "has_royalty_lines";
