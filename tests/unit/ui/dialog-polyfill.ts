/**
 * jsdom has <dialog> without showModal() and close(); these stand in for the browser's,
 * enough for components that open a modal dialog and react to its events.
 */
export function installDialogPolyfill() {
  const proto = HTMLDialogElement.prototype
  proto.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '')
  }
  proto.close ??= function (this: HTMLDialogElement) {
    if (!this.open) return
    this.removeAttribute('open')
    this.dispatchEvent(new Event('close'))
  }
}

/** What a browser does on Escape in a modal dialog: a cancelable 'cancel', then closing unless it was prevented. */
export function pressEscape(dialog: HTMLElement) {
  const cancel = new Event('cancel', { cancelable: true })
  dialog.dispatchEvent(cancel)
  if (!cancel.defaultPrevented) (dialog as HTMLDialogElement).close()
}
