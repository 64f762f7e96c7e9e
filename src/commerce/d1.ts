/** Runs one guarded write; true when it changed a row (the guard held). */
export async function changedRows(statement: D1PreparedStatement): Promise<boolean> {
  return (await statement.run()).meta.changes > 0;
}
