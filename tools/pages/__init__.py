"""The pages' markup, written at build time: boards, the teaching pages' loading states, tables, icons, stylesheets."""
