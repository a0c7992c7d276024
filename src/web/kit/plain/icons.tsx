/** Icons of plain elements (the Material icons paths), so the shell and the lists need no UI library. */

/** An icon from a 24×24 path; hidden from screen readers, the control around it carries the name. */
export function Icon({ d }: { d: string }) {
  return (
    <svg className="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={d} />
    </svg>
  );
}

const icon = (d: string) => function PlainIcon() {
  return <Icon d={d} />;
};

export const CloseIcon = icon("M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z");
export const MenuIcon = icon("M3 18h18v-2H3zm0-5h18v-2H3zm0-7v2h18V6z");
export const RefreshIcon = icon("M17.65 6.35C16.2 4.9 14.21 4 12 4c-4.42 0-7.99 3.58-7.99 8s3.57 8 7.99 8c3.73 0 6.84-2.55 7.73-6h-2.08c-.82 2.33-3.04 4-5.65 4-3.31 0-6-2.69-6-6s2.69-6 6-6c1.66 0 3.14.69 4.22 1.78L13 11h7V4z");
export const AccountCircleIcon = icon("M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m0 4c1.93 0 3.5 1.57 3.5 3.5S13.93 13 12 13s-3.5-1.57-3.5-3.5S10.07 6 12 6m0 14c-2.03 0-4.43-.82-6.14-2.88C7.55 15.8 9.68 15 12 15s4.45.8 6.14 2.12C16.43 19.18 14.03 20 12 20");
export const PersonIcon = icon("M12 12c2.21 0 4-1.79 4-4s-1.79-4-4-4-4 1.79-4 4 1.79 4 4 4m0 2c-2.67 0-8 1.34-8 4v2h16v-2c0-2.66-5.33-4-8-4");
export const PowerSettingsNewIcon = icon("M13 3h-2v10h2zm4.83 2.17-1.42 1.42C17.99 7.86 19 9.81 19 12c0 3.87-3.13 7-7 7s-7-3.13-7-7c0-2.19 1.01-4.14 2.58-5.42L6.17 5.17C4.23 6.82 3 9.26 3 12c0 4.97 4.03 9 9 9s9-4.03 9-9c0-2.74-1.23-5.18-3.17-6.83");
export const AddIcon = icon("M19 13h-6v6h-2v-6H5v-2h6V5h2v6h6z");
export const DeleteIcon = icon("M6 19c0 1.1.9 2 2 2h8c1.1 0 2-.9 2-2V7H6zM19 4h-3.5l-1-1h-5l-1 1H5v2h14z");
export const SearchIcon = icon("M15.5 14h-.79l-.28-.27C15.41 12.59 16 11.11 16 9.5 16 5.91 13.09 3 9.5 3S3 5.91 3 9.5 5.91 16 9.5 16c1.61 0 3.09-.59 4.23-1.57l.27.28v.79l5 4.99L20.49 19zm-6 0C7.01 14 5 11.99 5 9.5S7.01 5 9.5 5 14 7.01 14 9.5 11.99 14 9.5 14");
export const ArrowUpwardIcon = icon("m4 12 1.41 1.41L11 7.83V20h2V7.83l5.58 5.59L20 12l-8-8z");
export const ChevronLeftIcon = icon("M15.41 7.41 14 6l-6 6 6 6 1.41-1.41L10.83 12z");
export const ChevronRightIcon = icon("M10 6 8.59 7.41 13.17 12l-4.58 4.59L10 18l6-6z");
export const ViewColumnIcon = icon("M14.67 5v14H9.33V5zm1 14H21V5h-5.33zm-7.34 0V5H3v14z");
export const ArrowBackIcon = icon("M20 11H7.83l5.59-5.59L12 4l-8 8 8 8 1.41-1.41L7.83 13H20z");
export const FilterOffIcon = icon("M10 18h4v-2h-4zM3 6v2h18V6zm3 7h12v-2H6z");
export const FileDownloadIcon = icon("M19 9h-4V3H9v6H5l7 7zM5 18v2h14v-2z");
export const UploadIcon = icon("M9 16h6v-6h4l-7-7-7 7h4zm-4 2h14v2H5z");
