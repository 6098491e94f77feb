/**
 * TypeORM's postgres driver answers SELECT / INSERT with the rows, and UPDATE / DELETE
 * with [rows, affected]; this reads the rows of either shape.
 */
export function rowsOf<Row>(result: unknown): Row[] {
  if (
    Array.isArray(result) &&
    result.length === 2 &&
    Array.isArray(result[0]) &&
    typeof result[1] === 'number'
  ) {
    return result[0] as Row[];
  }
  return result as Row[];
}
