import { MENU_LAYER_ATTRIBUTE } from '../../../kernel/react/shellLayers'

/**
 * The header's modal layers, in the session dialog's part: the phone menu is portalled into the
 * first (plugins/auth MobileMenuDialog), before the session dialog: both are modal (nav spec §9 layer
 * 1050), and the session warning must stay on top. In the same box, so the menu's modality (which
 * hides what is beside it) leaves the warning be. Drawn once: the page server renders it and the
 * browser hydrates it before the kernel; the session dialog (the auth plugin's contribution to the
 * part's slot) is drawn after it when the kernel runs it: by the part (kernel/react/ServedPart.tsx),
 * or by the live shell's `<Slot>` (host/frame/Shell.tsx).
 */
export function ModalLayers() {
  return <div {...{ [MENU_LAYER_ATTRIBUTE]: '' }} />
}
