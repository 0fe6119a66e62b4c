import type { Decimal } from 'decimal.js';

/**
 * The ISO 20022 documents the simulated CHAPS carries, as `TransactionSettled`'s `Iso20022XmlDocument` holds
 * them (the CHAPS example on `transaction-settled-webhook-v6.mdx`: the `Document` node of the payment message,
 * one line, with the `xsi` and `xsd` namespaces): pacs.008 for customer and cross-border payments, pacs.009
 * for bank-to-bank payments, pacs.004 for returns. Plain strings from plain data: the elements follow the
 * message definitions' order, every text escaped.
 */

export interface XmlAccount {
  iban?: string;
  /** A BBAN or a sort code and account number (`Othr/Id`). */
  other?: string;
}

export interface XmlAddress {
  streetName?: string;
  buildingNumber?: string;
  buildingName?: string;
  postCode?: string;
  townName?: string;
  country?: string;
  addressLines?: string[];
}

export interface XmlParty {
  name: string;
  postalAddress?: XmlAddress;
  /** An organisation: any of its BIC, LEI and other identification. */
  organisation?: { bic?: string; lei?: string; otherIdentification?: string };
  /** A person's other identification. */
  privateIdentification?: string;
}

/** An agent (bank) of a bank-to-bank payment's debtor or creditor: `FinInstnId` with BIC, LEI, name and address. */
export interface XmlInstitution {
  bic?: string;
  lei?: string;
  name?: string;
  postalAddress?: XmlAddress;
}

export interface XmlCreditTransfer {
  createdAt: Date;
  settlementDate: string;
  instructionId: string;
  endToEndId: string;
  uetr: string;
  amount: Decimal;
  currency: string;
  instructingAgentBic: string;
  instructedAgentBic?: string;
  debtorAccount?: XmlAccount;
  creditorAccount: XmlAccount;
  purpose?: string;
  categoryPurpose?: string;
  reference?: { text: string; form: 'structured' | 'unstructured' };
}

export interface XmlCustomerCreditTransfer extends XmlCreditTransfer {
  debtor: XmlParty;
  creditor: XmlParty;
  debtorAgentBic?: string;
  creditorAgentBic?: string;
}

export interface XmlInstitutionCreditTransfer extends XmlCreditTransfer {
  debtor: XmlInstitution;
  creditor: XmlInstitution;
}

export interface XmlPaymentReturn {
  createdAt: Date;
  settlementDate: string;
  returnId: string;
  original: { instructionId: string; endToEndId: string; uetr: string; amount: Decimal };
  returnedAmount: Decimal;
  currency: string;
  instructingAgentBic: string;
  instructedAgentBic?: string;
  /** The original payment's debtor and creditor, as the return chain names them. */
  debtorName: string;
  debtorAccount?: XmlAccount;
  creditorName: string;
  creditorAccount?: XmlAccount;
  reason: string;
  additionalInformation?: string;
}

const NAMESPACES =
  'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema"';

/** pacs.008.001.08, `FIToFICstmrCdtTrf`: a customer credit transfer (CHAPS pacs.008, GBP cross-border). */
export function pacs008(t: XmlCustomerCreditTransfer): string {
  return document(
    'pacs.008.001.08',
    el(
      'FIToFICstmrCdtTrf',
      groupHeader(t.createdAt),
      el(
        'CdtTrfTxInf',
        paymentId(t),
        paymentType(t),
        amount('IntrBkSttlmAmt', t.amount, t.currency),
        el('IntrBkSttlmDt', text(t.settlementDate)),
        el('ChrgBr', 'SHAR'),
        agent('InstgAgt', t.instructingAgentBic),
        agent('InstdAgt', t.instructedAgentBic),
        party('Dbtr', t.debtor),
        account('DbtrAcct', t.debtorAccount),
        agent('DbtrAgt', t.debtorAgentBic ?? t.instructingAgentBic),
        agent('CdtrAgt', t.creditorAgentBic ?? t.instructedAgentBic),
        party('Cdtr', t.creditor),
        account('CdtrAcct', t.creditorAccount),
        t.purpose === undefined ? '' : el('Purp', el('Cd', text(t.purpose))),
        remittance(t.reference),
      ),
    ),
  );
}

/** pacs.009.001.08, `FICdtTrf`: a bank-to-bank credit transfer (CHAPS pacs.009). */
export function pacs009(t: XmlInstitutionCreditTransfer): string {
  return document(
    'pacs.009.001.08',
    el(
      'FICdtTrf',
      groupHeader(t.createdAt),
      el(
        'CdtTrfTxInf',
        paymentId(t),
        paymentType(t),
        amount('IntrBkSttlmAmt', t.amount, t.currency),
        el('IntrBkSttlmDt', text(t.settlementDate)),
        agent('InstgAgt', t.instructingAgentBic),
        agent('InstdAgt', t.instructedAgentBic),
        institution('Dbtr', t.debtor),
        account('DbtrAcct', t.debtorAccount),
        institution('Cdtr', t.creditor),
        account('CdtrAcct', t.creditorAccount),
        t.purpose === undefined ? '' : el('Purp', el('Cd', text(t.purpose))),
        remittance(t.reference),
      ),
    ),
  );
}

/** pacs.004.001.09, `PmtRtr`: the return of a payment, naming the original and the reason. */
export function pacs004(r: XmlPaymentReturn): string {
  return document(
    'pacs.004.001.09',
    el(
      'PmtRtr',
      groupHeader(r.createdAt),
      el(
        'TxInf',
        el('RtrId', text(r.returnId)),
        el('OrgnlInstrId', text(r.original.instructionId)),
        el('OrgnlEndToEndId', text(r.original.endToEndId)),
        el('OrgnlUETR', text(r.original.uetr)),
        amount('OrgnlIntrBkSttlmAmt', r.original.amount, r.currency),
        amount('RtrdIntrBkSttlmAmt', r.returnedAmount, r.currency),
        el('IntrBkSttlmDt', text(r.settlementDate)),
        el('ChrgBr', 'SHAR'),
        agent('InstgAgt', r.instructingAgentBic),
        agent('InstdAgt', r.instructedAgentBic),
        el(
          'RtrChain',
          el('Dbtr', el('Pty', el('Nm', text(r.debtorName)))),
          account('DbtrAcct', r.debtorAccount),
          el('Cdtr', el('Pty', el('Nm', text(r.creditorName)))),
          account('CdtrAcct', r.creditorAccount),
        ),
        el(
          'RtrRsnInf',
          el('Rsn', el('Cd', text(r.reason))),
          r.additionalInformation === undefined ? '' : el('AddtlInf', text(r.additionalInformation)),
        ),
      ),
    ),
  );
}

// --- Parts -----------------------------------------------------------------------------------------------------

function document(message: string, body: string): string {
  return `<Document ${NAMESPACES} xmlns="urn:iso:std:iso:20022:tech:xsd:${message}">${body}</Document>`;
}

function groupHeader(createdAt: Date): string {
  return el('GrpHdr', el('CreDtTm', createdAt.toISOString()), el('NbOfTxs', '1'));
}

function paymentId(t: XmlCreditTransfer): string {
  return el(
    'PmtId',
    el('InstrId', text(t.instructionId)),
    el('EndToEndId', text(t.endToEndId)),
    el('UETR', text(t.uetr)),
  );
}

function paymentType(t: XmlCreditTransfer): string {
  return t.categoryPurpose === undefined
    ? ''
    : el('PmtTpInf', el('CtgyPurp', el('Cd', text(t.categoryPurpose))));
}

function amount(name: string, value: Decimal, currency: string): string {
  return `<${name} Ccy="${text(currency)}">${value.toFixed(2)}</${name}>`;
}

function agent(name: string, bic: string | undefined): string {
  return bic === undefined ? '' : el(name, el('FinInstnId', el('BICFI', text(bic))));
}

function account(name: string, value: XmlAccount | undefined): string {
  if (value?.iban !== undefined) return el(name, el('Id', el('IBAN', text(value.iban))));
  if (value?.other !== undefined) return el(name, el('Id', el('Othr', el('Id', text(value.other)))));
  return '';
}

function address(value: XmlAddress | undefined): string {
  if (value === undefined) return '';
  const optional = (tag: string, v: string | undefined) => (v === undefined ? '' : el(tag, text(v)));
  return el(
    'PstlAdr',
    optional('StrtNm', value.streetName),
    optional('BldgNb', value.buildingNumber),
    optional('BldgNm', value.buildingName),
    optional('PstCd', value.postCode),
    optional('TwnNm', value.townName),
    optional('Ctry', value.country),
    ...(value.addressLines ?? []).map((line) => el('AdrLine', text(line))),
  );
}

function party(name: string, p: XmlParty): string {
  const organisation = p.organisation;
  const id =
    organisation !== undefined
      ? el(
          'Id',
          el(
            'OrgId',
            organisation.bic === undefined ? '' : el('AnyBIC', text(organisation.bic)),
            organisation.lei === undefined ? '' : el('LEI', text(organisation.lei)),
            organisation.otherIdentification === undefined
              ? ''
              : el('Othr', el('Id', text(organisation.otherIdentification))),
          ),
        )
      : p.privateIdentification !== undefined
        ? el('Id', el('PrvtId', el('Othr', el('Id', text(p.privateIdentification)))))
        : '';
  return el(name, el('Nm', text(p.name)), address(p.postalAddress), id);
}

function institution(name: string, i: XmlInstitution): string {
  return el(
    name,
    el(
      'FinInstnId',
      i.bic === undefined ? '' : el('BICFI', text(i.bic)),
      i.lei === undefined ? '' : el('LEI', text(i.lei)),
      i.name === undefined ? '' : el('Nm', text(i.name)),
      address(i.postalAddress),
    ),
  );
}

function remittance(reference: XmlCreditTransfer['reference']): string {
  if (reference === undefined) return '';
  return reference.form === 'unstructured'
    ? el('RmtInf', el('Ustrd', text(reference.text)))
    : el('RmtInf', el('Strd', el('CdtrRefInf', el('Ref', text(reference.text)))));
}

/** An element with its children (already XML); an element without content is left out. */
function el(name: string, ...children: string[]): string {
  const content = children.join('');
  return content === '' ? '' : `<${name}>${content}</${name}>`;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Text as XML character data. */
export function text(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}
