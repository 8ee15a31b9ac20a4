/** Russian texts of time travel and the audit trail (decisions 97–99). */
export const requestNotYet = 'Заявка на этот момент ещё не существовала';
export const toolNotYet = 'Оборудование на этот момент ещё не существовало';
