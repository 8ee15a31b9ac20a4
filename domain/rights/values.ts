/** Right values are bit flags; a user's value for a right is the OR over their roles. */
export const RightValue = { READ: 1, FULL: 2, OWN: 4, ALL: 8 } as const;
export type RightValue = (typeof RightValue)[keyof typeof RightValue];

/** Access levels order users and roles; a user's level is the highest of their roles. */
export const AccessLevel = { OWN: 1, UNIT: 2, REGION: 3, FULL: 4 } as const;
export type AccessLevel = (typeof AccessLevel)[keyof typeof AccessLevel];

export const accessLevelTitles: Record<AccessLevel, string> = {
  1: 'Свои объекты',
  2: 'Объект',
  3: 'Регион',
  4: 'Полный',
};

/** Russian titles of the radio options in the roles grid (administration 2.7). */
export const rightValueTitles: Record<RightValue | 0, string> = {
  0: 'Нет',
  1: 'Чтение',
  2: 'Чтение и запись',
  4: 'Свои объекты',
  8: 'Все объекты',
};
