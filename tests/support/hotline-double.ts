/**
 * The tests' state hot line: the same simulator the embedded demo runs
 * (infrastructure/hotline-simulator.ts), so tests and demo answer alike.
 */
export { startHotlineSimulator as startHotlineDouble, type HotlineCall, type HotlineMode, type HotlineSimulator as HotlineDouble } from '../../infrastructure/hotline-simulator';
