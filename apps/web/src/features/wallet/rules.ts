import { ADDRESS_KIND_NAME, addressKind, isValidAddress } from '@tidemark/core';
import type { FormRule } from 'antd';
import { rejection } from '../../api/rejection';
import { parseTyped, toUnits } from './amount';

interface AmountRuleOptions {
  /** the page's own prompt for an empty field */
  required: string;
  /** the largest amount allowed, as a wire decimal, and what to say above it */
  max?: { amount: string; message: string };
}

/** A typed amount: filled, a decimal of at most 8 places, above zero, and not over `max`. */
export function amountRules({ required, max }: AmountRuleOptions): FormRule[] {
  return [
    {
      validator: async (_rule, value: string | undefined) => {
        if (!value?.trim()) throw new Error(required);
        const amount = parseTyped(value);
        if (!amount.ok) throw new Error(rejection(amount.code));
        if (max && amount.units > toUnits(max.amount)) throw new Error(max.message);
      },
    },
  ];
}

/** Addresses and their labels carry no spaces (the server refuses them too). */
export const noSpaces = (message: string): FormRule => ({ pattern: /^\S*$/, message });

/** An address of the currency's chain for the chosen network, checksum included: the server's own check. */
export function addressRule(currencyName: string, network: string): FormRule {
  return {
    validator: async (_rule, value: string | undefined) => {
      const kind = addressKind(currencyName, network);
      if (!value?.trim() || !currencyName || !kind) return;
      if (!isValidAddress(kind, value.trim())) throw new Error(rejection('address_wrong_network', { network: ADDRESS_KIND_NAME[kind] }));
    },
  };
}
