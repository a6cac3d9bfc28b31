/** The shell's container for modals (SPEC §3 modal state `container`): after the page, outside `main`. */
export const MODAL_ROOT = "modal-root";
