/** The act generation's lookup port lives with the act domain (the read side implements it). */
export type { ActLookupPort, ActUnit } from '../../domain/act/ports';
