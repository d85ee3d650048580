/**
 * The labels people see for the firm-size and firm-detail codes of SPEC section 3 (the codes
 * themselves are the API's types). Sign-up, the onboarding modal and Profile Settings all read them
 * from here.
 */
import type {
  AnnualSoftwareSpendBand,
  AttorneysCountBand,
  EmployeesCountBand,
  FirmDetails,
  FirmRole,
  FirmSize,
  InjuryCasesPerMonthBand,
} from './api/types';
import { optionsOf, type Option } from './options';

export const firmSizeOptions = optionsOf<FirmSize>({
  SOLO: 'Solo',
  E2_5: '2-5',
  E6_20: '6-20',
  E21_50: '21-50',
  E51_200: '51-200',
  E200P: '200+',
});

/** A person's role in their firm, most powers first. */
export const firmRoleOptions = optionsOf<FirmRole>({
  owner: 'Owner',
  admin: 'Admin',
  member: 'Member',
  viewer: 'Viewer',
});

const roleWithArticle: Record<FirmRole, string> = { owner: 'an owner', admin: 'an admin', member: 'a member', viewer: 'a viewer' };

/** "a member", "an owner": the role as a sentence names it ("Join Doe Law as a member"). */
export const firmRoleInSentence = (role: FirmRole) => roleWithArticle[role];

export const attorneysCountOptions = optionsOf<AttorneysCountBand>({
  SOLO: 'Solo',
  A2_5: '2-5',
  A6_15: '6-15',
  A16_30: '16-30',
  A31_50: '31-50',
  A51P: '51+',
});

export const employeesCountOptions = optionsOf<EmployeesCountBand>({
  E2_10: '2-10',
  E11_50: '11-50',
  E51_200: '51-200',
  E200P: '200+',
});

export const injuryCasesPerMonthOptions = optionsOf<InjuryCasesPerMonthBand>({
  C1_10: '1-10',
  C11_25: '11-25',
  C26_50: '26-50',
  C51_100: '51-100',
  C101P: '101+',
});

export const annualSoftwareSpendOptions = optionsOf<AnnualSoftwareSpendBand>({
  S0_5K: '$0-$5,000',
  S5_10K: '$5,001-$10,000',
  S10_40K: '$10,001-$40,000',
  S40_100K: '$40,001-$100,000',
  S100_500K: '$100,000-$500,000',
  S500_1M: '$500,000-$1,000,000',
  S1M_P: '$1,000,000+',
});

type FirmDetailQuestion = {
  [K in keyof FirmDetails]: {
    readonly field: K;
    readonly prompt: string;
    readonly options: ReadonlyArray<Option<FirmDetails[K]>>;
  };
}[keyof FirmDetails];

/** The four questions in the order they are numbered on screen. */
export const firmDetailQuestions: ReadonlyArray<FirmDetailQuestion> = [
  {
    field: 'attorneysCountBand',
    prompt: 'How many attorneys work at your firm?',
    options: attorneysCountOptions,
  },
  {
    field: 'employeesCountBand',
    prompt: 'How many people does your firm employ in total?',
    options: employeesCountOptions,
  },
  {
    field: 'injuryCasesPerMonthBand',
    prompt: 'How many new injury cases does your firm sign per month?',
    options: injuryCasesPerMonthOptions,
  },
  {
    field: 'annualSoftwareSpendBand',
    prompt: 'What is your firm’s annual software spend?',
    options: annualSoftwareSpendOptions,
  },
];

export function isFirmSize(value: string): value is FirmSize {
  return firmSizeOptions.some((option) => option.value === value);
}
