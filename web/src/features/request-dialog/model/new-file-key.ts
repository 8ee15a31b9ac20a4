let last = 0;

/** A key for a file chosen in the dialog until the save sends it. */
export const newFileKey = (): string => {
  last += 1;
  return `file-${last}`;
};
