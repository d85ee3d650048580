/**
 * The firm-size and firm-detail enumerations of SPEC section 3, with the labels people see.
 * Sign-up, the onboarding modal and Profile Settings all read them from here.
 */

export type Option<T extends string> = { readonly value: T; readonly label: string };

export const firmSizeOptions = [
  { value: 'SOLO', label: 'Solo' },
  { value: 'E2_5', label: '2-5' },
  { value: 'E6_20', label: '6-20' },
  { value: 'E21_50', label: '21-50' },
  { value: 'E51_200', label: '51-200' },
  { value: 'E200P', label: '200+' },
] as const satisfies ReadonlyArray<Option<string>>;
export type FirmSize = (typeof firmSizeOptions)[number]['value'];

export const attorneysCountOptions = [
  { value: 'SOLO', label: 'Solo' },
  { value: 'A2_5', label: '2-5' },
  { value: 'A6_15', label: '6-15' },
  { value: 'A16_30', label: '16-30' },
  { value: 'A31_50', label: '31-50' },
  { value: 'A51P', label: '51+' },
] as const satisfies ReadonlyArray<Option<string>>;
export type AttorneysCountBand = (typeof attorneysCountOptions)[number]['value'];

export const employeesCountOptions = [
  { value: 'E2_10', label: '2-10' },
  { value: 'E11_50', label: '11-50' },
  { value: 'E51_200', label: '51-200' },
  { value: 'E200P', label: '200+' },
] as const satisfies ReadonlyArray<Option<string>>;
export type EmployeesCountBand = (typeof employeesCountOptions)[number]['value'];

export const injuryCasesPerMonthOptions = [
  { value: 'C1_10', label: '1-10' },
  { value: 'C11_25', label: '11-25' },
  { value: 'C26_50', label: '26-50' },
  { value: 'C51_100', label: '51-100' },
  { value: 'C101P', label: '101+' },
] as const satisfies ReadonlyArray<Option<string>>;
export type InjuryCasesPerMonthBand = (typeof injuryCasesPerMonthOptions)[number]['value'];

export const annualSoftwareSpendOptions = [
  { value: 'S0_5K', label: '$0-$5,000' },
  { value: 'S5_10K', label: '$5,001-$10,000' },
  { value: 'S10_40K', label: '$10,001-$40,000' },
  { value: 'S40_100K', label: '$40,001-$100,000' },
  { value: 'S100_500K', label: '$100,000-$500,000' },
  { value: 'S500_1M', label: '$500,000-$1,000,000' },
  { value: 'S1M_P', label: '$1,000,000+' },
] as const satisfies ReadonlyArray<Option<string>>;
export type AnnualSoftwareSpendBand = (typeof annualSoftwareSpendOptions)[number]['value'];

/** The four firm-detail answers the onboarding modal and Profile Settings collect. */
export type FirmDetails = {
  attorneysCountBand: AttorneysCountBand;
  employeesCountBand: EmployeesCountBand;
  injuryCasesPerMonthBand: InjuryCasesPerMonthBand;
  annualSoftwareSpendBand: AnnualSoftwareSpendBand;
};

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

export function labelOf(options: ReadonlyArray<Option<string>>, value: string | null | undefined): string | undefined {
  return options.find((option) => option.value === value)?.label;
}

export function isFirmSize(value: string): value is FirmSize {
  return firmSizeOptions.some((option) => option.value === value);
}
