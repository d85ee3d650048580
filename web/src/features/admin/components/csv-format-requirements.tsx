import { CsvColumnList } from './csv-column-list';

const bookingColumns: Array<[string, string]> = [
  ['Category (or Client Category)', 'The legal-technology category the demo was for, e.g. Intake.'],
  ['Client', 'The vendor the demo was booked with, by its catalog name; other names are imported and listed in the results.'],
  ['Firm Size (or Standardized Practice Area Broken Out)', 'SOLO, E2_5, E6_20, E21_50, E51_200 or E200P; SOLO when empty.'],
  ['City State, or City and State', '"Austin, TX", or the city and the state in two columns.'],
  ['State', 'Two-letter state code, e.g. TX.'],
  ['DMA', 'The metro area, e.g. Austin.'],
  ['Created Time', 'ISO-8601 (2026-03-01T14:30:00Z; no zone means UTC) or 3/1/2026 2:30 PM; at most a day ahead of now.'],
  ['Id, Name, Email, Company, Platform (optional)', 'Used to recognise a re-imported row; names and emails are never stored in clear.'],
];

const vendorRequired: Array<[string, string]> = [
  ['name', 'The vendor’s name.'],
  ['category', 'An existing category by its name or its label, e.g. Trial Support or Trial Prep & Presentation.'],
  ['websiteUrl', 'An http(s) address.'],
  [
    'bookingUrl',
    'An http(s) address of the vendor’s scheduler, or empty (the vendor’s cards then say “No scheduler available” and offer Visit Website; nothing is requested on a firm’s behalf). Say where and when it was checked with bookingSourceUrl and bookingVerifiedOn (or the row’s sourceUrl and verifiedOn); without them, firms see the link as “Added by your administrator” on the day of the import.',
  ],
];

const vendorOptional =
  'logoUrl, description, shortHighlights, integrations, priceBracket (1-4), firmSizeSupported, practiceAreasSupported, geoFocus, tags, isRecommendedPartner, partnerLevel (Gold, Silver or Bronze), isActive, sourceUrl (the http(s) page the row was checked against), verifiedOn (the day it was checked, like 2026-11-22), bookingSourceUrl (the page the booking link was checked against), bookingVerifiedOn (the day, like 2026-11-22)';

/** "CSV Format Requirements": the two kinds of file the import takes and their columns. */
export function CsvFormatRequirements() {
  return (
    <div className="space-y-5 text-sm text-slate-700">
      <p>
        The first row names the columns; their order does not matter and names are matched ignoring case, spaces and underscores. The header
        decides what the file holds: demo bookings or vendors. Each file is imported as a whole; rows with problems are skipped and listed
        under Errors, and a row imported before is updated or skipped.
      </p>
      <div>
        <h3 className="mb-2 font-semibold text-slate-900">Demo bookings file</h3>
        <CsvColumnList columns={bookingColumns} />
      </div>
      <div>
        <h3 className="mb-2 font-semibold text-slate-900">Vendors file</h3>
        <p className="mb-2">Required columns:</p>
        <CsvColumnList columns={vendorRequired} />
        <p className="mt-3">
          Optional columns: <span className="font-mono text-xs">{vendorOptional}</span>. List columns (shortHighlights, integrations,
          firmSizeSupported, practiceAreasSupported, tags) are separated by semicolons; true/false columns also take yes/no and 1/0. No text
          may start with =, +, - or @, which spreadsheets run as formulas.
        </p>
      </div>
    </div>
  );
}
