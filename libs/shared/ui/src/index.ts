export { cx } from './lib/cx';
export { Icon, ICON_NAMES, type IconName, type IconProps } from './lib/icon';
export { Button, ButtonLink, buttonClass, type ButtonProps, type ButtonLinkProps, type ButtonVariant, type ButtonSize } from './lib/button';
export { Card, type CardProps } from './lib/card';
export { Fact, type FactProps } from './lib/fact';
export { StatCard, type StatCardProps, type StatTone } from './lib/stat-card';
export { Money, type MoneyProps } from './lib/money';
export { CountUp, COUNT_UP_DURATION_MS, COUNT_UP_STEP_MS, type CountUpProps } from './lib/count-up';
export { Skeleton, type SkeletonProps } from './lib/skeleton';
export { EmptyState, ErrorState, NotFound, type EmptyStateProps, type ErrorStateProps, type NotFoundProps } from './lib/states';
export {
  TextField,
  TextAreaField,
  type TextAreaFieldProps,
  SelectField,
  CheckboxField,
  type TextFieldProps,
  type SelectFieldProps,
  type SelectOption,
  type CheckboxFieldProps,
} from './lib/fields';
export { Modal, ConfirmDialog, type ModalProps, type ConfirmDialogProps } from './lib/modal';
export { DataTable, WIDE_ONLY, type DataTableProps, type ServerPagination } from './lib/data-table';
export { ScrollRegion, type ScrollRegionProps } from './lib/scroll-region';
export { SummaryTable, type SummaryColumn, type SummaryTableProps, type SummaryTableSpec } from './lib/summary-table';
export { ReportSection, formatCompact, type ReportChartSpec, type ReportDescriptor, type ReportSectionProps, type ReportState } from './lib/report-section';
export { AsideMenu, type AsideMenuProps, type MenuItem, type MenuVariant } from './lib/aside-menu';
export { TopBar, type TopBarProps } from './lib/top-bar';
export { Footer, type FooterProps } from './lib/footer';
export { BRAND, Logo, type LogoProps } from './lib/logo';
export { PageSection, SectionTitleBar, type PageSectionProps, type SectionTitleBarProps } from './lib/page-section';
export { SubmitButton, type FormControl, type SubmitButtonProps } from './lib/submit-button';
export { FormActions, type FormActionsProps } from './lib/form-actions';
export {
  useListParams,
  type ListParams,
  type ListParamsConfig,
  type ListSort,
  type PageSize,
  type SortDirection,
  type UseListParams,
} from './lib/use-list-params';
export { FilterBar, type FilterBarProps, type FilterField, type SortOption } from './lib/filter-bar';
export { ListScreen, type ExportAction, type ListScreenProps, type BulkAction, type BulkOutcome, type ListQueryState } from './lib/list-screen';
export { AuditChanges } from './lib/audit-changes';
export { HistorySection, HISTORY_PAGE_SIZE, type HistorySectionProps, type HistoryArgs, type HistoryQueryState, type UseHistory } from './lib/history-section';
export { OfferLetterDocument, type OfferLetterDocumentProps } from './lib/offer-letter-document';
export { SignaturePadField, dataUrlToBlob, type SignaturePadFieldProps, type SignaturePadHandle } from './lib/signature-pad-field';
export { printElement, PrintButton, type PrintButtonProps } from './lib/print';
export { LazyChart, ChartLoading, chartFrame, useDarkMode, CHART_LOADING_TEXT, CHART_EMPTY_TEXT, type LazyChartProps } from './lib/chart';
// The living gallery of the kit (/forms, /tables, /ui, /responsive): loaded only when opened.
export { FormsGalleryPage, TablesGalleryPage, UiGalleryPage, ResponsiveGalleryPage } from './gallery';
