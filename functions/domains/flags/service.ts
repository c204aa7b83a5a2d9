import { d1 } from '../../db/client.ts';
import { findFlag } from './repo.ts';

/** A flag's value; undefined when there is no such flag. */
export async function flagValue(name: string): Promise<boolean | undefined> {
  return (await findFlag(d1(), name))?.enabled;
}
