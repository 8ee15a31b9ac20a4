/** A stream's type: its id up to the first dash ('request-42' → 'request'). */
export const streamTypeOf = (streamId: string): string => {
  const dash = streamId.indexOf('-');
  return dash < 0 ? streamId : streamId.slice(0, dash);
};
