/** What the product screens' small dialogs share: fixed size, full width on phones, not draggable. */
export const smallDialogProps = {
  style: { width: '28rem' },
  breakpoints: { '640px': '92vw' },
  draggable: false,
  resizable: false,
} as const;
