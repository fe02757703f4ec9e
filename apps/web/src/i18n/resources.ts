import en from './en.json';
import hk from './hk.json';
import jp from './jp.json';
import kr from './kr.json';
import spa from './spa.json';
import zh from './zh.json';
import type { Language } from './language';

/** All texts, one file per language; English is the reference shape for typed keys. */
export const RESOURCES = { zh, hk, en, kr, jp, spa } satisfies Record<Language, typeof en>;
