import { readFileSync } from 'node:fs';

/**
 * CPU time (user + system, ms) in a line of /proc/<pid>/stat or /proc/<pid>/task/<tid>/stat (Linux):
 * utime and stime are the 14th and 15th fields, counted in clock ticks of 1/100 s. The fields are read
 * after the command name's closing parenthesis, since the name itself may hold spaces.
 */
export const cpuMsOfStat = (line: string): number => {
  const fields = line.replace(/^.*\) /s, '').split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

/** CPU time (ms) of a process or thread by its stat file; throws when it is gone. */
export const cpuMsOf = (statFile: string): number => cpuMsOfStat(readFileSync(statFile, 'utf8'));
