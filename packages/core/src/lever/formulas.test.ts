import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { checkPostings } from '../ledger';
import { mustParseUnits as u } from '../money';
import {
  applySpread,
  checkLeverStops,
  liquidatesAt,
  liquidationPriceOf,
  maintenanceMarginOf,
  marginRatioPercentUnits,
  pnlOf,
  quoteLever,
  settleLever,
} from './formulas';
import { cancelPostings, closePostings, openPostings } from './postings';

const params = process.env.SEED ? { seed: Number(process.env.SEED) } : {};

// Worked example used throughout: BTC at 30000 USDT, 0.01 BTC a hand, 10 hands, 10x,
// spread 0.1%, fee 0.2%, maintenance 20%.
const contractSizeUnits = u('0.01');
const long = () => {
  const openPriceUnits = applySpread(u('30000'), 1, u('0.1'));
  const q = quoteLever({ openPriceUnits, hands: 10, contractSizeUnits, multiple: 10, feePercentUnits: u('0.2') });
  if (!q.ok) throw new Error(q.reason);
  const maintenanceMarginUnits = maintenanceMarginOf(q.quote.marginUnits, u('20'));
  return { direction: 1 as const, openPriceUnits, ...q.quote, maintenanceMarginUnits };
};

describe('lever formulas, worked examples', () => {
  it('adds the spread for a long and takes it off for a short', () => {
    expect(applySpread(u('30000'), 1, u('0.1'))).toBe(u('30030'));
    expect(applySpread(u('30000'), 2, u('0.1'))).toBe(u('29970'));
    // the spread amount rounds up, like a fee: 0.00000003 x 0.5% = 0.00000000015 -> 1 unit
    expect(applySpread(3n, 1, u('0.5'))).toBe(4n);
    expect(applySpread(3n, 2, u('0.5'))).toBe(2n);
  });

  it('value = price x hands x contract size; margin = value / multiple; fee = value x fee percent', () => {
    const p = long();
    expect(p.quantityUnits).toBe(u('0.1'));
    expect(p.valueUnits).toBe(u('3003'));
    expect(p.marginUnits).toBe(u('300.3'));
    expect(p.feeUnits).toBe(u('6.006'));
    expect(p.maintenanceMarginUnits).toBe(u('60.06'));
  });

  it('rounds margin and fee up, so the margin always covers value / multiple', () => {
    const q = quoteLever({ openPriceUnits: u('1.00000001'), hands: 1, contractSizeUnits: u('1'), multiple: 3, feePercentUnits: u('0.3') });
    expect(q).toEqual({
      ok: true,
      quote: { quantityUnits: u('1'), valueUnits: u('1.00000001'), marginUnits: u('0.33333334'), feeUnits: u('0.00300001') },
    });
  });

  it('refuses a value beyond 64 bits and a value that rounds to nothing', () => {
    const huge = quoteLever({ openPriceUnits: u('90000000000'), hands: 100, contractSizeUnits: u('1'), multiple: 1, feePercentUnits: 0n });
    expect(huge).toEqual({ ok: false, reason: 'lever_value_out_of_range' });
    const tiny = quoteLever({ openPriceUnits: 1n, hands: 1, contractSizeUnits: 1n, multiple: 1, feePercentUnits: 0n });
    expect(tiny).toEqual({ ok: false, reason: 'lever_price_invalid' });
  });

  it('PnL is the price move times the quantity, signed by direction; leverage does not multiply it', () => {
    expect(pnlOf(1, u('30030'), u('31000'), u('0.1'))).toBe(u('97'));
    expect(pnlOf(2, u('29970'), u('31000'), u('0.1'))).toBe(u('-103'));
    expect(pnlOf(2, u('29970'), u('29000'), u('0.1'))).toBe(u('97'));
    // the same position at 100x has the same PnL, only a smaller margin
    const at100 = quoteLever({ openPriceUnits: u('30030'), hands: 10, contractSizeUnits, multiple: 100, feePercentUnits: 0n });
    expect(at100.ok && at100.quote.marginUnits).toBe(u('30.03'));
    // half-even on the last unit: 0.5 unit rounds to the even neighbour
    expect(pnlOf(1, 0n, 5n, u('0.1'))).toBe(0n);
    expect(pnlOf(1, 0n, 15n, u('0.1'))).toBe(2n);
  });

  it('puts the liquidation price where equity falls to the maintenance margin, exact to the unit', () => {
    const p = long();
    // 300.3 + (price - 30030) x 0.1 = 60.06  ->  price = 27627.6; half-even PnL keeps 5 more units liquidating
    expect(liquidationPriceOf(p)).toBe(u('27627.60000005'));
    expect(liquidatesAt(p, u('27627.60000005'))).toBe(true);
    expect(liquidatesAt(p, u('27627.60000006'))).toBe(false);

    const shortOpen = applySpread(u('30000'), 2, u('0.1'));
    const s = { ...p, direction: 2 as const, openPriceUnits: shortOpen };
    // short at 29970 with the same margin: 300.3 - (price - 29970) x 0.1 = 60.06 -> 32372.4
    const shortLiq = liquidationPriceOf(s);
    expect(liquidatesAt(s, shortLiq)).toBe(true);
    expect(liquidatesAt(s, shortLiq - 1n)).toBe(false);
    expect(shortLiq).toBe(u('32372.39999995'));
  });

  it('gives a 1x long with no maintenance a liquidation price near zero, and refuses a position that liquidates at open', () => {
    const q = quoteLever({ openPriceUnits: u('100'), hands: 10, contractSizeUnits: u('1'), multiple: 1, feePercentUnits: 0n });
    if (!q.ok) throw new Error(q.reason);
    const p = { direction: 1 as const, openPriceUnits: u('100'), ...q.quote, maintenanceMarginUnits: 0n };
    expect(liquidationPriceOf(p)).toBe(0n);
    expect(() => liquidationPriceOf({ ...p, maintenanceMarginUnits: p.marginUnits })).toThrow(RangeError);
  });

  it('settles margin + PnL and never pays below zero: a gap beyond the margin is a house shortfall', () => {
    const p = long();
    expect(settleLever(p, u('31000'))).toEqual({ pnlUnits: u('97'), payoutUnits: u('397.3'), shortfallUnits: 0n });
    expect(settleLever(p, u('27000'))).toEqual({ pnlUnits: u('-303'), payoutUnits: 0n, shortfallUnits: u('2.7') });
    expect(settleLever(p, u('20000'))).toEqual({ pnlUnits: u('-1003'), payoutUnits: 0n, shortfallUnits: u('702.7') });
  });

  it('checks take-profit and stop-loss sides and the range around the current price', () => {
    const base = { openPriceUnits: u('30030'), currentPriceUnits: u('30000'), rangeUnits: u('1000'), position: false };
    const longStops = (tp: string, sl: string) =>
      checkLeverStops({ ...base, direction: 1, takeProfitUnits: u(tp), stopLossUnits: u(sl) });
    expect(longStops('0', '0')).toBeNull();
    expect(longStops('30500', '29500')).toBeNull();
    expect(longStops('31000', '29000')).toBeNull();
    expect(longStops('30030', '0')).toBe('lever_take_profit_side');
    expect(longStops('31000.00000001', '0')).toBe('lever_take_profit_out_of_range');
    expect(longStops('0', '30030')).toBe('lever_stop_loss_side');
    expect(longStops('0', '28999.99999999')).toBe('lever_stop_loss_out_of_range');
    expect(longStops('-1', '0')).toBe('lever_take_profit_invalid');
    expect(longStops('0', '-1')).toBe('lever_stop_loss_invalid');

    const shortBase = { ...base, openPriceUnits: u('29970') };
    const shortStops = (tp: string, sl: string) =>
      checkLeverStops({ ...shortBase, direction: 2, takeProfitUnits: u(tp), stopLossUnits: u(sl) });
    expect(shortStops('29000', '31000')).toBeNull();
    expect(shortStops('29970', '0')).toBe('lever_take_profit_side');
    expect(shortStops('28999', '0')).toBe('lever_take_profit_out_of_range');
    expect(shortStops('0', '29970')).toBe('lever_stop_loss_side');
    expect(shortStops('0', '31001')).toBe('lever_stop_loss_out_of_range');
  });

  it('never accepts a stop the next tick would fire: a stop at or past the current price is refused', () => {
    // a long opened at 30,030 with the price now at 30,100 (in profit), and at 29,900 (at a loss)
    const stops = (current: string, tp: string, sl: string, direction: 1 | 2 = 1) =>
      checkLeverStops({ direction, openPriceUnits: u('30030'), currentPriceUnits: u(current), rangeUnits: u('1000'), position: true, takeProfitUnits: u(tp), stopLossUnits: u(sl) });
    expect(stops('30100', '0', '30100')).toBe('lever_stop_loss_side');
    expect(stops('30100', '0', '30099.99')).toBeNull();
    // a position's stop may follow the price past its open, locking in a profit
    expect(stops('30100', '0', '30050')).toBeNull();
    expect(stops('29900', '0', '29950')).toBe('lever_stop_loss_side');
    expect(stops('30100', '30100', '0')).toBe('lever_take_profit_side');
    expect(stops('29900', '30000', '0')).toBe('lever_take_profit_side');
    expect(stops('29900', '30030.01', '0')).toBeNull();
    // a short, mirrored
    expect(stops('29900', '0', '29900', 2)).toBe('lever_stop_loss_side');
    expect(stops('29900', '0', '30000', 2)).toBeNull();
    expect(stops('30100', '30050', '0', 2)).toBe('lever_take_profit_side');
    expect(stops('30100', '30029.99', '0', 2)).toBeNull();
  });

  it('reports the margin ratio: 100% at open, the maintenance ratio at liquidation', () => {
    expect(marginRatioPercentUnits(u('300.3'), 0n)).toBe(u('100'));
    expect(marginRatioPercentUnits(u('300.3'), u('-240.24'))).toBe(u('20'));
  });
});

describe('lever postings', () => {
  const order = { userId: 7n, currencyId: 3n, marginUnits: u('300.3'), feeUnits: u('6.006') };

  it('freezes the margin and pays the fee in one balanced transaction; cancel is its exact reverse', () => {
    const open = openPostings(order);
    expect(open).toEqual([
      { account: { owner: 7n }, currencyId: 3n, bucket: 'available', deltaUnits: -u('300.3') },
      { account: { owner: 7n }, currencyId: 3n, bucket: 'frozen', deltaUnits: u('300.3') },
      { account: { owner: 7n }, currencyId: 3n, bucket: 'available', deltaUnits: -u('6.006') },
      { account: { system: 'fees' }, currencyId: 3n, bucket: 'available', deltaUnits: u('6.006') },
    ]);
    expect(checkPostings(open)).toEqual({ ok: true });
    expect(cancelPostings(order).map((p) => p.deltaUnits)).toEqual(open.map((p) => -p.deltaUnits));
    // a zero fee leaves its legs out
    expect(openPostings({ ...order, feeUnits: 0n })).toHaveLength(2);
  });

  it('releases the margin on close and settles the PnL against house', () => {
    const win = closePostings(order, { pnlUnits: u('97'), payoutUnits: u('397.3'), shortfallUnits: 0n });
    expect(win).toEqual([
      { account: { owner: 7n }, currencyId: 3n, bucket: 'frozen', deltaUnits: -u('300.3') },
      { account: { owner: 7n }, currencyId: 3n, bucket: 'available', deltaUnits: u('397.3') },
      { account: { system: 'house' }, currencyId: 3n, bucket: 'available', deltaUnits: -u('97') },
    ]);
    const wipedOut = closePostings(order, { pnlUnits: u('-1003'), payoutUnits: 0n, shortfallUnits: u('702.7') });
    expect(wipedOut).toEqual([
      { account: { owner: 7n }, currencyId: 3n, bucket: 'frozen', deltaUnits: -u('300.3') },
      { account: { system: 'house' }, currencyId: 3n, bucket: 'available', deltaUnits: u('300.3') },
    ]);
    expect(closePostings(order, { pnlUnits: 0n, payoutUnits: u('300.3'), shortfallUnits: 0n })).toHaveLength(2);
  });

  it('always balances and never takes more than the margin from the trader (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<1 | 2>(1, 2),
        fc.bigInt({ min: 1n, max: u('100000') }),
        fc.bigInt({ min: 1n, max: u('200000') }),
        fc.integer({ min: 1, max: 100 }),
        fc.constantFrom(1, 2, 5, 10, 20, 50, 100),
        (direction, openPriceUnits, exitPriceUnits, hands, multiple) => {
          const q = quoteLever({ openPriceUnits, hands, contractSizeUnits: u('0.01'), multiple, feePercentUnits: u('0.2') });
          if (!q.ok) return;
          const position = { direction, openPriceUnits, ...q.quote };
          const settlement = settleLever(position, exitPriceUnits);
          expect(settlement.payoutUnits).toBeGreaterThanOrEqual(0n);
          expect(settlement.payoutUnits - q.quote.marginUnits).toBeGreaterThanOrEqual(-q.quote.marginUnits);
          const postings = [...openPostings({ ...order, ...q.quote }), ...closePostings({ ...order, ...q.quote }, settlement)];
          expect(checkPostings(postings)).toEqual({ ok: true });
          const traderDelta = postings.filter((p) => 'owner' in p.account).reduce((sum, p) => sum + p.deltaUnits, 0n);
          expect(traderDelta).toBeGreaterThanOrEqual(-(q.quote.marginUnits + q.quote.feeUnits));
        },
      ),
      params,
    );
  });

  it('liquidation price agrees with liquidatesAt on both sides of it (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<1 | 2>(1, 2),
        fc.bigInt({ min: u('0.01'), max: u('100000') }),
        fc.integer({ min: 10, max: 100 }),
        fc.constantFrom(1, 2, 5, 10, 20, 50, 100),
        fc.bigInt({ min: 0n, max: u('90') }),
        (direction, openPriceUnits, hands, multiple, maintenancePercentUnits) => {
          const q = quoteLever({ openPriceUnits, hands, contractSizeUnits: u('0.01'), multiple, feePercentUnits: 0n });
          if (!q.ok) return;
          const maintenanceMarginUnits = maintenanceMarginOf(q.quote.marginUnits, maintenancePercentUnits);
          if (maintenanceMarginUnits >= q.quote.marginUnits) return;
          const p = { direction, openPriceUnits, ...q.quote, maintenanceMarginUnits };
          const liq = liquidationPriceOf(p);
          if (direction === 1) {
            if (liq > 0n) expect(liquidatesAt(p, liq)).toBe(true);
            expect(liquidatesAt(p, liq + 1n)).toBe(false);
            expect(liq).toBeLessThan(openPriceUnits);
          } else {
            expect(liquidatesAt(p, liq)).toBe(true);
            expect(liquidatesAt(p, liq - 1n)).toBe(false);
            expect(liq).toBeGreaterThan(openPriceUnits);
          }
        },
      ),
      params,
    );
  });
});
