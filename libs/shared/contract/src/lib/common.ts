/** The error body of the api: 422 carries field errors, every other error only a message. */
export interface ApiErrorBody {
  message: string;
  errors?: Record<string, string[]>;
}
