import type { z } from 'zod';
import { ZCommonConfigResponse } from './calls/common';
import { ZQuotationNewResponse } from './calls/currency';
import {
  ZDepthResponse,
  ZTimesharRequest,
  ZTimesharResponse,
  ZTradeHistoryRequest,
  ZTradeHistoryResponse,
} from './calls/market';
import {
  ZChangePasswordRequest,
  ZCheckEmailRequest,
  ZCheckMobileRequest,
  ZCountriesResponse,
  ZForgetRequest,
  ZHasPasswordResponse,
  ZLoginRequest,
  ZLoginResponse,
  ZNoticeResponse,
  ZPayPasswordRequest,
  ZRealNameRequest,
  ZRegisterRequest,
  ZSendMailRequest,
  ZSendPhoneRequest,
  ZSurveyRequest,
  ZTotpCodeRequest,
  ZTotpEnableRequest,
  ZTotpEnableResponse,
  ZTotpSetupResponse,
  ZUserCenterResponse,
  ZUserInfoResponse,
} from './calls/user';
import {
  ZAccountListRequest,
  ZAccountListResponse,
  ZAddAddressRequest,
  ZAddressListResponse,
  ZBankBindRequest,
  ZCashInfoResponse,
  ZChargeRequest,
  ZCoinDealRequest,
  ZCoinDealResponse,
  ZCurrencyListResponse,
  ZCurrencyRequest,
  ZDeleteAddressRequest,
  ZDepositListResponse,
  ZInAddressResponse,
  ZLegalLogRequest,
  ZLegalLogResponse,
  ZPageRequest,
  ZTransferRequest,
  ZUserCurrencyListResponse,
  ZWalletListResponse,
  ZWithdrawInfoResponse,
  ZWithdrawListResponse,
  ZWithdrawRequest,
} from './calls/wallet';
import { formatBytes, limits } from './limits';
import {
  ZMicroListsRequest,
  ZMicroListsResponse,
  ZMicroPayableCurrenciesResponse,
  ZMicroSecondsResponse,
  ZMicroSettlementRequest,
  ZMicroSettlementResponse,
  ZMicroSubmitRequest,
} from './calls/micro';
import {
  ZLeverDealRequest,
  ZLeverDealResponse,
  ZLeverIdRequest,
  ZLeverMyTradeRequest,
  ZLeverMyTradeResponse,
  ZLeverSetStopRequest,
  ZLeverSubmitRequest,
} from './calls/lever';
import {
  ZCoinCancelRequest,
  ZCoinMyFillsRequest,
  ZCoinMyFillsResponse,
  ZCoinMyOrdersRequest,
  ZCoinMyOrdersResponse,
  ZCoinPairResponse,
  ZCoinSubmitRequest,
  ZCoinSubmitResponse,
} from './calls/spot';
import { ZHealthReadyResponse, ZHealthResponse } from './calls/health';
import {
  ZAdminApproveResponse,
  ZAdminCreditResponse,
  ZAdminAuditRequest,
  ZAdminAuditResponse,
  ZAdminChainRequest,
  ZAdminDepositsRequest,
  ZAdminDepositsResponse,
  ZAdminIdentitiesRequest,
  ZAdminIdentitiesResponse,
  ZAdminIdentityApproveRequest,
  ZAdminIdentityRejectRequest,
  ZAdminIdRequest,
  ZAdminLoginRequest,
  ZAdminLoginResponse,
  ZAdminMeResponse,
  ZAdminRejectRequest,
  ZAdminTotpRequest,
  ZAdminWithdrawalsRequest,
  ZAdminWithdrawalsResponse,
  ZAdminRiskResponse,
  ZAdminLedgerCheckResponse,
  ZAdminMicroCheckResponse,
  ZAdminOutboxRequest,
  ZAdminOutboxResponse,
  ZAdminUsersRequest,
  ZAdminUsersResponse,
  ZAdminUserRequest,
  ZAdminUserResponse,
  ZAdminUserLockRequest,
  ZAdminStaffListResponse,
  ZAdminStaffCreateRequest,
  ZAdminStaffInviteResponse,
  ZAdminInviteOpenRequest,
  ZAdminInviteOpenResponse,
  ZAdminInviteAcceptRequest,
  ZAdminPasswordRequest,
  ZAdminStaffRoleRequest,
  ZAdminNoticeSaveRequest,
  ZAdminNoticesRequest,
  ZAdminNoticesResponse,
  ZNoticeListRequest,
  ZNoticeListResponse,
  ZNoticeDetailRequest,
  ZNoticeDetailResponse,
} from './calls/admin';
import {
  ZAdminBankAccountSaveRequest,
  ZAdminDepositAddressSaveRequest,
  ZAdminMarketsResponse,
  ZAdminMicroCurrencySaveRequest,
  ZAdminMicroSecondsSaveRequest,
  ZAdminPairSaveRequest,
  ZAdminPlatformSaveRequest,
  ZAdminSpotMakerSaveRequest,
  ZAdminWithdrawLimitSaveRequest,
  ZAdminDualApprovalSaveRequest,
} from './calls/admin-markets';
import type { StaffRole } from './statuses';

/**
 * One call of the API. The server registers its route from this (`route()` in the server's
 * `http/calls.ts`), the web app calls through it (`call()` in `api/client.ts`), and the API
 * document is generated from it.
 */
export interface CallSpec {
  method: 'GET' | 'POST';
  path: string;
  /** the server module whose routes.ts handles the call: `apps/server/src/modules/<module>/` */
  module: string;
  summary: string;
  /**
   * `user`: a trader's session token; answers type 999 without one. `staff`: a staff session's.
   * `link`: the token, or a signed link's `expires` and `sig` (for an <img>, which cannot send the token)
   */
  auth: 'public' | 'user' | 'staff' | 'link';
  /** staff calls: the least role that may make it (viewer < reviewer < admin) */
  staffRole?: StaffRole;
  /** moves money: an `Idempotency-Key` makes a repeat return the first answer, and the web sends one */
  money?: true;
  /** form fields of a POST (`multipart` for uploads), or the query string of a GET */
  request?: z.ZodType;
  /** `multipart` for file uploads; form-urlencoded otherwise */
  encoding?: 'form' | 'multipart';
  /** the whole envelope of an ok answer; absent for answers that are not an envelope (files) */
  response?: z.ZodType;
  /**
   * `chart`: the answer carries `code`, `msg` and `data` at the top level (`code` 1 success, -1
   * refusal with empty data), as template-family chart clients read it
   */
  answer?: 'chart';
}

const define = <const T extends Record<string, CallSpec>>(table: T): T => table;

/** Every call of the API, by name. A newcomer finds any path here, and its handler by `module`. */
export const calls = define({
  // common
  commonConfig: { method: 'GET', path: '/api/common/config', module: 'common', auth: 'public', summary: 'Public settings for the web app', response: ZCommonConfigResponse },
  commonCountries: { method: 'GET', path: '/api/common/countries', module: 'user', auth: 'public', summary: 'Countries with their phone area codes', response: ZCountriesResponse },

  // user: sign-in, registration, passwords, codes
  userLogin: { method: 'POST', path: '/api/user/login', module: 'user', auth: 'public', summary: 'Log in; the message is the session token', request: ZLoginRequest, response: ZLoginResponse },
  userLogout: { method: 'GET', path: '/api/user/logout', module: 'user', auth: 'user', summary: 'End this session', response: ZNoticeResponse },
  userRegister: { method: 'POST', path: '/api/user/register', module: 'user', auth: 'public', summary: 'Register with an e-mail code', request: ZRegisterRequest, response: ZNoticeResponse },
  smsMail: { method: 'POST', path: '/api/sms_mail', module: 'user', auth: 'public', summary: 'Mail a code for registering or for a forgotten password', request: ZSendMailRequest, response: ZNoticeResponse },
  smsSend: { method: 'POST', path: '/api/sms_send', module: 'user', auth: 'public', summary: 'Phone codes are not available', request: ZSendPhoneRequest, response: ZNoticeResponse },
  userCheckMobile: { method: 'POST', path: '/api/user/check_mobile', module: 'user', auth: 'public', summary: 'Phone codes are not available', request: ZCheckMobileRequest, response: ZNoticeResponse },
  userCheckEmail: { method: 'POST', path: '/api/user/check_email', module: 'user', auth: 'public', summary: 'Check a forgotten-password code before the reset', request: ZCheckEmailRequest, response: ZNoticeResponse },
  userForget: { method: 'POST', path: '/api/user/forget', module: 'user', auth: 'public', summary: 'Reset a forgotten password with the e-mail code', request: ZForgetRequest, response: ZNoticeResponse },
  userChangePassword: { method: 'POST', path: '/api/user/e_pwd', module: 'user', auth: 'user', summary: 'Change the login password', request: ZChangePasswordRequest, response: ZNoticeResponse },
  userInfo: { method: 'GET', path: '/api/user/info', module: 'user', auth: 'user', summary: 'The signed-in user', response: ZUserInfoResponse },
  userCenter: { method: 'GET', path: '/api/user/center', module: 'user', auth: 'user', summary: 'Identity review status', response: ZUserCenterResponse },
  userHasPassword: { method: 'POST', path: '/api/user/has_password', module: 'user', auth: 'user', summary: 'Whether a fund password is set (2: none)', response: ZHasPasswordResponse },
  userTotpSetup: { method: 'POST', path: '/api/user/totp_setup', module: 'totp', auth: 'user', summary: 'Start turning on the authenticator app: a new secret and its otpauth URL for the QR code', response: ZTotpSetupResponse },
  userTotpEnable: { method: 'POST', path: '/api/user/totp_enable', module: 'totp', auth: 'user', summary: 'Turn on the authenticator app with its first code and the login password; answers the recovery codes, shown once', request: ZTotpEnableRequest, response: ZTotpEnableResponse },
  userTotpDisable: { method: 'POST', path: '/api/user/totp_disable', module: 'totp', auth: 'user', summary: 'Turn off the authenticator app with a current code or a recovery code', request: ZTotpCodeRequest, response: ZNoticeResponse },
  userPayPasswordCode: { method: 'POST', path: '/api/user/pay_password_code', module: 'user', auth: 'user', summary: 'Mail a code for setting the fund password', response: ZNoticeResponse },
  userPayPassword: { method: 'POST', path: '/api/user/pay_password', module: 'user', auth: 'user', summary: 'Set or change the 6-digit fund password', request: ZPayPasswordRequest, response: ZNoticeResponse },
  smsMailInvee: { method: 'POST', path: '/api/sms_mailinve', module: 'user', auth: 'user', summary: 'Mail the invitee-survey code to the stored e-mail', response: ZNoticeResponse },
  userInveeSurvey: { method: 'POST', path: '/api/user/invee_survey', module: 'user', auth: 'user', summary: 'Submit the invitee survey', request: ZSurveyRequest, response: ZNoticeResponse },

  // identity and uploads
  userRealName: { method: 'POST', path: '/api/user/real_name', module: 'identity', auth: 'user', summary: 'Submit identity verification: name, ID number and three uploaded images', request: ZRealNameRequest, response: ZNoticeResponse },
  upload: { method: 'POST', path: '/api/upload', module: 'upload', auth: 'user', encoding: 'multipart', summary: `Upload one JPEG or PNG image (multipart field \`file\`, at most ${formatBytes(limits.uploadIdentityBytesMax)}); the message is its URL, a link signed for its owner`, response: ZNoticeResponse },
  uploadRead: { method: 'GET', path: '/api/upload/:name', module: 'upload', auth: 'link', summary: 'An uploaded image, to its owner and to staff only: with the token, or through the signed link the upload answered (expires within the hour)' },

  // market data
  quotationNew: { method: 'GET', path: '/api/currency/quotation_new', module: 'currency', auth: 'public', summary: 'Groups (tabs) of displayed pairs with their market figures', response: ZQuotationNewResponse },
  newTimeshar: { method: 'GET', path: '/api/currency/new_timeshar', module: 'market', auth: 'public', summary: 'Chart bars of a pair; from and to in epoch seconds or milliseconds (below 1e11 means seconds)', request: ZTimesharRequest, response: ZTimesharResponse, answer: 'chart' },
  newTradeHistory: { method: 'GET', path: '/api/currency/new_tradehistory', module: 'market', auth: 'public', summary: 'Latest trades of a pair, newest first', request: ZTradeHistoryRequest, response: ZTradeHistoryResponse },
  depth: { method: 'GET', path: '/api/currency/depth', module: 'market', auth: 'public', summary: 'The order book of a pair (in: bids, out: asks, best first) and its last price', request: ZTradeHistoryRequest, response: ZDepthResponse },

  // wallets
  walletList: { method: 'POST', path: '/api/wallet/list', module: 'wallet', auth: 'user', summary: 'The four wallets with balances and USDT totals', response: ZWalletListResponse },
  walletInAddress: { method: 'POST', path: '/api/wallet/get_in_address', module: 'wallet', auth: 'user', summary: 'Deposit addresses of a currency by network', request: ZCurrencyRequest, response: ZInAddressResponse },
  walletWithdrawInfo: { method: 'POST', path: '/api/wallet/get_info', module: 'wallet', auth: 'user', summary: 'Withdrawal limits, fee rate and balance of a currency', request: ZCurrencyRequest, response: ZWithdrawInfoResponse },
  walletAddresses: { method: 'POST', path: '/api/wallet/get_address', module: 'wallet', auth: 'user', summary: 'The user’s withdrawal addresses for a currency', request: ZCurrencyRequest, response: ZAddressListResponse },
  walletAddAddress: { method: 'POST', path: '/api/wallet/addaddress', module: 'wallet', auth: 'user', summary: 'Add a withdrawal address', request: ZAddAddressRequest, response: ZNoticeResponse },
  walletDeleteAddress: { method: 'POST', path: '/api/wallet/deladdress', module: 'wallet', auth: 'user', summary: 'Delete a withdrawal address', request: ZDeleteAddressRequest, response: ZNoticeResponse },
  userCashInfo: { method: 'POST', path: '/api/user/cash_info', module: 'wallet', auth: 'user', summary: 'The bound bank card (empty when none)', response: ZCashInfoResponse },
  userBankBind: { method: 'POST', path: '/api/user/bank_bind', module: 'wallet', auth: 'user', summary: 'Bind (or replace) the bank card', request: ZBankBindRequest, response: ZNoticeResponse },
  walletOut: { method: 'POST', path: '/api/wallet/out', module: 'wallet', auth: 'user', money: true, summary: 'Request a withdrawal (frozen until staff decide)', request: ZWithdrawRequest, response: ZNoticeResponse },
  walletChargeReq: { method: 'POST', path: '/api/wallet/charge_req', module: 'wallet', auth: 'user', money: true, summary: 'Apply for a deposit with a transfer screenshot', request: ZChargeRequest, response: ZNoticeResponse },
  walletChange: { method: 'POST', path: '/api/wallet/change', module: 'wallet', auth: 'user', money: true, summary: 'Transfer between the user’s wallets', request: ZTransferRequest, response: ZNoticeResponse },
  walletLegalLog: { method: 'POST', path: '/api/wallet/legal_log', module: 'wallet', auth: 'user', summary: 'Records of a currency: 2 deposits and withdrawals, 3 contract, 4 micro', request: ZLegalLogRequest, response: ZLegalLogResponse },
  accountList: { method: 'POST', path: '/api/account/list', module: 'wallet', auth: 'user', summary: 'The transfer log: every wallet movement, newest first', request: ZAccountListRequest, response: ZAccountListResponse },
  walletCurrencyList: { method: 'GET', path: '/api/wallet/currencylist', module: 'wallet', auth: 'user', summary: 'Currencies (id and name)', response: ZCurrencyListResponse },
  userCurrencyList: { method: 'GET', path: '/api/currency/user_currency_list', module: 'wallet', auth: 'user', summary: 'Spot currencies with the user’s spot balance and USDT price', response: ZUserCurrencyListResponse },
  coinDeal: { method: 'POST', path: '/api/coin/deal', module: 'wallet', auth: 'user', summary: 'Spot balances of a pair’s two currencies', request: ZCoinDealRequest, response: ZCoinDealResponse },
  walletWithdrawList: { method: 'POST', path: '/api/wallet/withdraw_list', module: 'wallet', auth: 'user', summary: 'The user’s withdrawals with their status', request: ZPageRequest, response: ZWithdrawListResponse },
  walletChargeList: { method: 'POST', path: '/api/wallet/charge_list', module: 'wallet', auth: 'user', summary: 'The user’s deposit applications with their status', request: ZPageRequest, response: ZDepositListResponse },

  microPayableCurrencies: { method: 'GET', path: '/api/microtrade/payable_currencies', module: 'micro', auth: 'user', summary: 'Currencies a micro order can be paid in, with presets, limits, fee and the user’s micro balance', response: ZMicroPayableCurrenciesResponse },
  microSeconds: { method: 'GET', path: '/api/microtrade/seconds', module: 'micro', auth: 'public', summary: 'Micro expiries with their profit ratio (percent of the stake)', response: ZMicroSecondsResponse },
  microSubmit: { method: 'POST', path: '/api/microtrade/submit', module: 'micro', auth: 'user', money: true, summary: 'Place a micro order (type 1 up, 2 down) at the feed’s live price', request: ZMicroSubmitRequest, response: ZNoticeResponse },
  microLists: { method: 'GET', path: '/api/microtrade/lists', module: 'micro', auth: 'user', summary: 'The user’s micro orders: status 1 open, 3 closed (a page object)', request: ZMicroListsRequest, response: ZMicroListsResponse },
  microSettlement: { method: 'GET', path: '/api/microtrade/settlement', module: 'micro', auth: 'public', summary: 'An order’s settlement record with the recorded prices around its open and end ticks', request: ZMicroSettlementRequest, response: ZMicroSettlementResponse },
  leverDeal: { method: 'POST', path: '/api/lever/deal', module: 'lever', auth: 'user', summary: 'A pair’s contract settings, order book, last price and the trader’s lever balance', request: ZLeverDealRequest, response: ZLeverDealResponse },
  leverSubmit: { method: 'POST', path: '/api/lever/submit', module: 'lever', auth: 'user', money: true, summary: 'Open a position at market or place a limit entrust: margin frozen and fee paid', request: ZLeverSubmitRequest, response: ZNoticeResponse },
  leverMyTrade: { method: 'POST', path: '/api/lever/my_trade', module: 'lever', auth: 'user', summary: 'The trader’s orders by status (-1 all, 0 entrusts, 1 positions, 3 closed, 4 revoked), paged, with risk figures', request: ZLeverMyTradeRequest, response: ZLeverMyTradeResponse },
  leverCancel: { method: 'POST', path: '/api/lever/cancel', module: 'lever', auth: 'user', money: true, summary: 'Revoke a pending entrust: margin and fee returned', request: ZLeverIdRequest, response: ZNoticeResponse },
  leverClose: { method: 'POST', path: '/api/lever/close', module: 'lever', auth: 'user', money: true, summary: 'Close an open position at the current price', request: ZLeverIdRequest, response: ZNoticeResponse },
  leverSetStop: { method: 'POST', path: '/api/lever/setstop', module: 'lever', auth: 'user', summary: 'Change an open position’s take-profit and stop-loss (0 or empty: none)', request: ZLeverSetStopRequest, response: ZNoticeResponse },
  coinSubmit: { method: 'POST', path: '/api/coin/submit', module: 'spot', auth: 'user', money: true, summary: 'Place a spot order: its funds are frozen and it is stored before the answer; the matcher takes it next', request: ZCoinSubmitRequest, response: ZCoinSubmitResponse },
  coinCancel: { method: 'POST', path: '/api/coin/cancel', module: 'spot', auth: 'user', money: true, summary: 'Ask to cancel an open spot order; what is left returns when the matcher cancels it', request: ZCoinCancelRequest, response: ZNoticeResponse },
  coinMyOrders: { method: 'POST', path: '/api/coin/my_orders', module: 'spot', auth: 'user', summary: 'The user’s spot orders: status 0 current, 3 history (page object)', request: ZCoinMyOrdersRequest, response: ZCoinMyOrdersResponse },
  coinMyFills: { method: 'POST', path: '/api/coin/my_fills', module: 'spot', auth: 'user', summary: 'The user’s spot fills, newest first (page object)', request: ZCoinMyFillsRequest, response: ZCoinMyFillsResponse },
  health: { method: 'GET', path: '/api/health', module: 'health', auth: 'public', summary: 'Liveness: the process answers', response: ZHealthResponse },
  healthReady: { method: 'GET', path: '/api/health/ready', module: 'health', auth: 'public', summary: 'Readiness: database, Redis, migrations, engine role and feed age; HTTP 503 (same envelope) when not ready', response: ZHealthReadyResponse },
  coinPair: { method: 'GET', path: '/api/coin/pair', module: 'spot', auth: 'public', summary: 'A pair’s spot rules: price and amount steps, minimum order value, maker and taker fees (percent), price band (percent)', request: ZTradeHistoryRequest, response: ZCoinPairResponse },
  coinDepth: { method: 'GET', path: '/api/coin/depth', module: 'spot', auth: 'public', summary: 'The spot book of a pair: its resting orders by price (in: bids, out: asks, best first) and the last spot fill price', request: ZTradeHistoryRequest, response: ZDepthResponse },
  coinTrades: { method: 'GET', path: '/api/coin/trades', module: 'spot', auth: 'public', summary: 'The latest spot fills of a pair, newest first (direction: the taker’s side)', request: ZTradeHistoryRequest, response: ZTradeHistoryResponse },
  adminLogin: { method: 'POST', path: '/api/admin/login', module: 'staff', auth: 'public', summary: 'Staff sign-in, step 1: the password; answers a ticket for the TOTP code, and a secret to scan until one is set up', request: ZAdminLoginRequest, response: ZAdminLoginResponse },
  adminLoginTotp: { method: 'POST', path: '/api/admin/login_totp', module: 'staff', auth: 'public', summary: 'Staff sign-in, step 2: the ticket and the current TOTP code; the message is the staff session token', request: ZAdminTotpRequest, response: ZNoticeResponse },
  adminLogout: { method: 'GET', path: '/api/admin/logout', module: 'staff', auth: 'staff', staffRole: 'viewer', summary: 'End this staff session', response: ZNoticeResponse },
  adminMe: { method: 'GET', path: '/api/admin/me', module: 'staff', auth: 'staff', staffRole: 'viewer', summary: 'The signed-in staff member and their role', response: ZAdminMeResponse },
  adminStaffList: { method: 'GET', path: '/api/admin/staff', module: 'staff', auth: 'staff', staffRole: 'admin', summary: 'Staff members with their role and whether their TOTP is set up', response: ZAdminStaffListResponse },
  adminStaffCreate: { method: 'POST', path: '/api/admin/staff/create', module: 'staff', auth: 'staff', staffRole: 'admin', summary: 'Add a staff member with a role; answers their one-time invite link, where they set their password and authenticator', request: ZAdminStaffCreateRequest, response: ZAdminStaffInviteResponse },
  adminStaffRole: { method: 'POST', path: '/api/admin/staff/role', module: 'staff', auth: 'staff', staffRole: 'admin', summary: 'Change another staff member’s role (their sessions end)', request: ZAdminStaffRoleRequest, response: ZNoticeResponse },
  adminStaffResetTotp: { method: 'POST', path: '/api/admin/staff/reset_totp', module: 'staff', auth: 'staff', staffRole: 'admin', summary: 'Remove another staff member’s TOTP secret (a lost phone): their sessions end and their next sign-in sets up a new one', request: ZAdminIdRequest, response: ZNoticeResponse },
  adminStaffResetPassword: { method: 'POST', path: '/api/admin/staff/reset_password', module: 'staff', auth: 'staff', staffRole: 'admin', summary: 'A new invite link for another staff member (a lost password): their password and authenticator are removed and their sessions end until they use it', request: ZAdminIdRequest, response: ZAdminStaffInviteResponse },
  adminInviteOpen: { method: 'POST', path: '/api/admin/invite', module: 'staff', auth: 'public', summary: 'Open a staff invite link: whose it is, and an authenticator secret to scan', request: ZAdminInviteOpenRequest, response: ZAdminInviteOpenResponse },
  adminInviteAccept: { method: 'POST', path: '/api/admin/invite/accept', module: 'staff', auth: 'public', summary: 'Use a staff invite link once: the password (staff rule, twice) and the first authenticator code, set together', request: ZAdminInviteAcceptRequest, response: ZNoticeResponse },
  adminPassword: { method: 'POST', path: '/api/admin/password', module: 'staff', auth: 'staff', staffRole: 'viewer', summary: 'Change one’s own staff password with the current one and an authenticator code; one’s other sessions end', request: ZAdminPasswordRequest, response: ZNoticeResponse },
  adminUploadRead: { method: 'GET', path: '/api/admin/upload/:name', module: 'staff', auth: 'staff', staffRole: 'viewer', summary: 'An uploaded image (deposit screenshot, identity photo), for staff' },
  adminDeposits: { method: 'GET', path: '/api/admin/deposits', module: 'review', auth: 'staff', staffRole: 'viewer', summary: 'Deposit applications, filtered by status and user, newest first (page object)', request: ZAdminDepositsRequest, response: ZAdminDepositsResponse },
  adminDepositCredit: { method: 'POST', path: '/api/admin/deposit/credit', module: 'review', auth: 'staff', staffRole: 'reviewer', money: true, summary: 'Credit a pending deposit application to the trader’s spot wallet, once (`credited`), or record the first of two approvals from the currency’s two-approval amount on (`first`)', request: ZAdminIdRequest, response: ZAdminCreditResponse },
  adminDepositReject: { method: 'POST', path: '/api/admin/deposit/reject', module: 'review', auth: 'staff', staffRole: 'reviewer', summary: 'Reject a pending deposit application with a reason', request: ZAdminRejectRequest, response: ZNoticeResponse },
  adminWithdrawals: { method: 'GET', path: '/api/admin/withdrawals', module: 'review', auth: 'staff', staffRole: 'viewer', summary: 'Withdrawals, filtered by status and user, newest first (page object)', request: ZAdminWithdrawalsRequest, response: ZAdminWithdrawalsResponse },
  adminWithdrawalApprove: { method: 'POST', path: '/api/admin/withdrawal/approve', module: 'review', auth: 'staff', staffRole: 'reviewer', money: true, summary: 'Approve a withdrawal: paid out and waiting for the chain (`agreed`), or the first of two approvals from the currency’s two-approval amount on (`first`)', request: ZAdminIdRequest, response: ZAdminApproveResponse },
  adminWithdrawalReject: { method: 'POST', path: '/api/admin/withdrawal/reject', module: 'review', auth: 'staff', staffRole: 'reviewer', money: true, summary: 'Reject an applying withdrawal with a reason: the frozen amount returns', request: ZAdminRejectRequest, response: ZNoticeResponse },
  adminWithdrawalChain: { method: 'POST', path: '/api/admin/withdrawal/chain', module: 'review', auth: 'staff', staffRole: 'reviewer', money: true, summary: 'The chain’s verdict on an agreed withdrawal: success with the transaction hash, or failure (the amount returns)', request: ZAdminChainRequest, response: ZNoticeResponse },
  adminIdentities: { method: 'GET', path: '/api/admin/identities', module: 'review', auth: 'staff', staffRole: 'viewer', summary: 'Identity submissions, filtered by status and user, oldest waiting first (page object)', request: ZAdminIdentitiesRequest, response: ZAdminIdentitiesResponse },
  adminIdentityApprove: { method: 'POST', path: '/api/admin/identity/approve', module: 'review', auth: 'staff', staffRole: 'reviewer', summary: 'Verify an identity in review', request: ZAdminIdentityApproveRequest, response: ZNoticeResponse },
  adminIdentityReject: { method: 'POST', path: '/api/admin/identity/reject', module: 'review', auth: 'staff', staffRole: 'reviewer', summary: 'Reject an identity in review with a reason; the trader may submit again', request: ZAdminIdentityRejectRequest, response: ZNoticeResponse },
  adminUsers: { method: 'GET', path: '/api/admin/users', module: 'people', auth: 'staff', staffRole: 'viewer', summary: 'Traders by id or part of the e-mail address, newest first (page object)', request: ZAdminUsersRequest, response: ZAdminUsersResponse },
  adminUser: { method: 'GET', path: '/api/admin/user', module: 'people', auth: 'staff', staffRole: 'viewer', summary: 'A trader’s profile, balances, live sessions and newest wallet-log lines', request: ZAdminUserRequest, response: ZAdminUserResponse },
  adminUserLock: { method: 'POST', path: '/api/admin/user/lock', module: 'people', auth: 'staff', staffRole: 'admin', summary: 'Lock or unlock a trader’s sign-in (locking ends every session) or withdrawals', request: ZAdminUserLockRequest, response: ZNoticeResponse },
  adminRisk: { method: 'GET', path: '/api/admin/risk', module: 'risk', auth: 'staff', staffRole: 'viewer', summary: 'Per pair: open lever positions long and short (the house holds the opposite), open micro stakes, last price and the feed’s last trade; the engine leader’s term, stopped engines and scheduled jobs (latest run, next due time)', response: ZAdminRiskResponse },
  adminLedgerCheck: { method: 'POST', path: '/api/admin/check/ledger', module: 'risk', auth: 'staff', staffRole: 'admin', summary: 'Run the ledger check now: every transaction balances, every balance equals its postings, none negative', response: ZAdminLedgerCheckResponse },
  adminMicroCheck: { method: 'POST', path: '/api/admin/check/micro', module: 'risk', auth: 'staff', staffRole: 'admin', summary: 'Re-check every micro settlement record against the recorded prices and the ledger (what `npm run micro:verify` does)', response: ZAdminMicroCheckResponse },
  adminOutbox: { method: 'GET', path: '/api/admin/outbox', module: 'risk', auth: 'staff', staffRole: 'admin', summary: 'The mail outbox, newest first (page object)', request: ZAdminOutboxRequest, response: ZAdminOutboxResponse },
  adminNotices: { method: 'GET', path: '/api/admin/notices', module: 'notice', auth: 'staff', staffRole: 'viewer', summary: 'Notices in all six languages, newest first (page object)', request: ZAdminNoticesRequest, response: ZAdminNoticesResponse },
  adminNoticeSave: { method: 'POST', path: '/api/admin/notice/save', module: 'notice', auth: 'staff', staffRole: 'admin', summary: 'Write a notice (or change one, given `id`) with a title and text in each of the six languages; `published` 1 shows it to traders', request: ZAdminNoticeSaveRequest, response: ZNoticeResponse },
  noticeList: { method: 'GET', path: '/api/notice/list', module: 'notice', auth: 'public', summary: 'Published notices in the request’s language, newest first (page object); the first is the newest', request: ZNoticeListRequest, response: ZNoticeListResponse },
  noticeDetail: { method: 'GET', path: '/api/notice/detail', module: 'notice', auth: 'public', summary: 'One published notice in the request’s language', request: ZNoticeDetailRequest, response: ZNoticeDetailResponse },
  adminMarkets: { method: 'GET', path: '/api/admin/markets', module: 'settings', auth: 'staff', staffRole: 'viewer', summary: 'Every market and product setting: pairs with their contract and micro flags, micro expiries and payable currencies, deposit addresses, withdrawal limits, two-approval amounts, the platform switch, the spot market maker', response: ZAdminMarketsResponse },
  adminPairSave: { method: 'POST', path: '/api/admin/markets/pair', module: 'settings', auth: 'staff', staffRole: 'admin', summary: 'Change a pair: display, spread, fee, contract size, and for contract and micro pairs their open flags, leverages, hand presets and range, maintenance percent', request: ZAdminPairSaveRequest, response: ZNoticeResponse },
  adminMicroSecondsSave: { method: 'POST', path: '/api/admin/markets/micro_seconds', module: 'settings', auth: 'staff', staffRole: 'admin', summary: 'Add or change a micro expiry: its profit ratio and whether traders may choose it', request: ZAdminMicroSecondsSaveRequest, response: ZNoticeResponse },
  adminMicroCurrencySave: { method: 'POST', path: '/api/admin/markets/micro_currency', module: 'settings', auth: 'staff', staffRole: 'admin', summary: 'A micro payable currency: whether payable, stake range, fee percent and the stake presets', request: ZAdminMicroCurrencySaveRequest, response: ZNoticeResponse },
  adminDepositAddressSave: { method: 'POST', path: '/api/admin/markets/deposit_address', module: 'settings', auth: 'staff', staffRole: 'admin', summary: 'Set a currency’s deposit address on a network, checked by the chain’s rules; empty closes deposits there', request: ZAdminDepositAddressSaveRequest, response: ZNoticeResponse },
  adminBankAccountSave: { method: 'POST', path: '/api/admin/markets/bank_account', module: 'settings', auth: 'staff', staffRole: 'admin', summary: 'The bank account traders send bank-transfer deposits to: bank, account holder and number', request: ZAdminBankAccountSaveRequest, response: ZNoticeResponse },
  adminWithdrawLimitSave: { method: 'POST', path: '/api/admin/markets/withdraw_limit', module: 'settings', auth: 'staff', staffRole: 'admin', summary: 'A currency’s withdrawal minimum, maximum, daily limit and fee percent', request: ZAdminWithdrawLimitSaveRequest, response: ZNoticeResponse },
  adminDualApprovalSave: { method: 'POST', path: '/api/admin/markets/dual_approval', module: 'settings', auth: 'staff', staffRole: 'admin', summary: 'A currency’s two-approval amount: from it on a deposit credit or a withdrawal needs a second, different staff member’s approval', request: ZAdminDualApprovalSaveRequest, response: ZNoticeResponse },
  adminPlatformSave: { method: 'POST', path: '/api/admin/markets/platform', module: 'settings', auth: 'staff', staffRole: 'admin', summary: 'Open or close deposits and withdrawals for everyone (`is_open_CTbi`)', request: ZAdminPlatformSaveRequest, response: ZNoticeResponse },
  adminSpotMakerSave: { method: 'POST', path: '/api/admin/markets/spot_maker', module: 'settings', auth: 'staff', staffRole: 'admin', summary: 'The spot market maker on a pair: on or off, rungs a side, spread, step between rungs and rung size', request: ZAdminSpotMakerSaveRequest, response: ZNoticeResponse },
  adminAudit: { method: 'GET', path: '/api/admin/audit', module: 'audit', auth: 'staff', staffRole: 'admin', summary: 'The audit log of staff decisions, newest first, for admins (page object)', request: ZAdminAuditRequest, response: ZAdminAuditResponse },
});

export type Calls = typeof calls;
export type CallName = keyof Calls;

/** What a call takes: the form fields (or query) as the caller writes them. */
export type CallInput<C extends CallSpec> = C['request'] extends z.ZodType ? z.input<C['request']> : void;
/** The whole ok answer, for calls read beside `message` (`answer: 'chart'`). */
export type CallWhole<C extends CallSpec> = C['response'] extends z.ZodType ? z.output<C['response']> : never;
/** What an ok answer's `message` holds. */
export type CallOutput<C extends CallSpec> = C['response'] extends z.ZodType
  ? z.output<C['response']> extends { message: infer M }
    ? M
    : never
  : never;
