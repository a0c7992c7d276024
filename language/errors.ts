/** A schema file that cannot be used: names the file, the JSON path inside it and what is wrong. */
export class SchemaError extends Error {
  constructor(
    readonly file: string,
    readonly jsonPath: string,
    readonly sentence: string,
  ) {
    super(`${file}${jsonPath ? ` at ${jsonPath}` : ''}: ${sentence}`);
    this.name = 'SchemaError';
  }
}
