import { getTextareaProps, type SubmissionResult } from '@conform-to/react'
import { useEffect, useRef, useState } from 'react'
import { Link } from 'react-router'
import { CompanyForm } from '~/components/company-form.tsx'
import { ErrorList, FormErrors } from '~/components/forms.tsx'
import { FileInput } from '~/components/ui/file-input.tsx'
import { CONFORM_INTENT, useValidatedForm } from '~/components/use-validated-form.ts'
import { insertAt } from '~/lib/chat/emoji.ts'
import type { EmojiPanel } from './emoji-panel.tsx'
import type { AnswerRef } from '~/domain/chat/message-body.ts'
import { chatMessages as m } from '~/domain/chat/messages.ts'
import { startRecording, type Recording } from './audio-recorder.ts'
import { AttachIcon, MicIcon, SmileIcon, StopIcon } from './chat-icons.tsx'
import { formSchema } from '~/components/form-schema.ts'
import { closeDetailsOnEscape } from '~/components/ui/details-escape.ts'

const chatSendSchema = formSchema('ChatSendSchema')

type Props = {
  channelId: number
  /** Made by the server for the no-JS form; with JavaScript each send makes its own. */
  clientId: string
  here: string
  hydrated: boolean
  lastResult: SubmissionResult<string[]> | null
  replyTo: AnswerRef | null
  cancelReplyHref: string
  onCancelReply: () => void
  onSend?: (content: { text: string; answerTo?: AnswerRef; file?: File; audio?: { duration: number; audioBars: number[] } }) => void
}

const CHAT_ACCEPT = 'image/png,image/jpeg,image/gif,image/webp,application/pdf,.xlsx,.docx,.pptx,.zip,audio/*'

/**
 * The message box: a plain form to /Chat without JavaScript (text, or a file with its caption);
 * with it, sends without leaving the page, inserts emoji at the caret and records voice messages.
 */
export function Composer({ channelId, clientId, here, hydrated, lastResult, replyTo, cancelReplyHref, onCancelReply, onSend }: Props) {
  const { form, fields, formProps, submitDisabled } = useValidatedForm(chatSendSchema, {
    id: `chat-composer-${channelId}`,
    lastResult,
    defaultValue: { channel_id: channelId, client_id: clientId },
    // A chat box is left empty all the time: its message shows once typed in (a paste past the limit at once).
    validateOn: 'onInput',
  })
  const textRef = useRef<HTMLTextAreaElement>(null)
  const fileRef = useRef<HTMLInputElement>(null)
  const emojiRef = useRef<HTMLDetailsElement>(null)
  // The picker's emoji come with its first opening: the island's budget at load does not carry them.
  const [Panel, setPanel] = useState<typeof EmojiPanel | null>(null)
  const loadEmoji = () => {
    if (!Panel && emojiRef.current?.open) void import('./emoji-panel.tsx').then((mod) => setPanel(() => mod.EmojiPanel))
  }
  const [recording, setRecording] = useState<Recording | null>(null)
  // The box empties after each send, by Conform's reset: a submit of this form that Conform handles only
  // once its schema is in place (the render after the send, whether or not it has just arrived), and that
  // the browser would ignore while the sending submit is still firing (HTML: "firing submission events").
  const [sends, setSends] = useState(0)
  const latestForm = useRef(form)
  latestForm.current = form
  useEffect(() => {
    if (sends > 0) latestForm.current.reset()
  }, [sends])
  // The reset gives the box a new element (Conform's field key): the focus a send left in the old one moves to it,
  // or the next message typed would go nowhere.
  const refocusText = useRef(false)
  useEffect(() => {
    if (!refocusText.current) return
    refocusText.current = false
    textRef.current?.focus()
  }, [fields.text.key])
  const [recordError, setRecordError] = useState<string | null>(null)

  function submitText(event: React.FormEvent<HTMLFormElement>) {
    formProps.onSubmit?.(event)
    if (!hydrated || !onSend || event.defaultPrevented) return
    event.preventDefault()
    // Conform's own requests (the reset after a send, an emoji's update) are submits of this form too: never a message.
    if ((event.nativeEvent as SubmitEvent).submitter?.getAttribute('name') === CONFORM_INTENT) return
    const element = event.currentTarget
    const formData = new FormData(element)
    const answerTo = replyTo ?? undefined
    // Sent in the moment before the schema has arrived: checked and sent once it has, as any other; if it
    // cannot arrive, the form goes as without JavaScript (a post the server checks, then a fresh page).
    chatSendSchema.load().then(
      (validator) => {
        const result = validator.parse(formData)
        // Only a box left empty gets here before the schema (the field's own limits hold the rest): nothing to send.
        if (result.status !== 'success') return
        onSend({ text: result.value.text, answerTo })
        refocusText.current = true
        setSends((n) => n + 1)
        onCancelReply()
        textRef.current?.focus()
      },
      () => element.submit(),
    )
  }

  function insertEmoji(emoji: string) {
    const box = textRef.current
    if (!box) return
    const { value, caret } = insertAt(box.value, box.selectionStart, box.selectionEnd, emoji)
    form.update({ name: fields.text.name, value })
    // The update may give the box a new element (Conform's field key): focus the one on the page then.
    requestAnimationFrame(() => {
      const current = textRef.current ?? box
      current.focus()
      current.setSelectionRange(caret, caret)
    })
    if (emojiRef.current) emojiRef.current.open = false
  }

  async function toggleRecording() {
    setRecordError(null)
    if (recording) {
      setRecording(null)
      const audio = await recording.stop()
      onSend?.({ text: '', file: audio.file, audio: { duration: audio.duration, audioBars: audio.audioBars }, answerTo: replyTo ?? undefined })
      onCancelReply()
      return
    }
    if (typeof MediaRecorder === 'undefined' || !navigator.mediaDevices?.getUserMedia) return setRecordError(m.noRecorder)
    try {
      const started = await startRecording(() => void document.getElementById(`chat-record-${channelId}`)?.click())
      setRecording(started)
    } catch {
      setRecordError(m.micDenied)
    }
  }

  return (
    <CompanyForm method="post" action={here} encType="multipart/form-data" className="chat-composer" {...formProps} onSubmit={submitText} id={form.id}>
      <input type="hidden" name="intent" value="enviar" />
      <input type="hidden" name={fields.channel_id.name} value={channelId} />
      <input type="hidden" name={fields.client_id.name} value={clientId} />
      {replyTo ? (
        <div className="chat-replying" role="status">
          <input type="hidden" name={fields.answer_to.name} value={replyTo.id} />
          <span>
            <strong>{m.replyingTo(replyTo.nome)}</strong> <span className="muted">{replyTo.message}</span>
          </span>
          {hydrated ? (
            <button
              type="button"
              className="chat-link"
              onClick={() => {
                onCancelReply()
                // The button goes with the reply it cancels: the focus goes back to the message being written.
                textRef.current?.focus()
              }}
            >
              {m.cancelReply}
            </button>
          ) : (
            <Link to={cancelReplyHref} className="chat-link">
              {m.cancelReply}
            </Link>
          )}
        </div>
      ) : null}
      <FormErrors form={form} />
      <div className="chat-composer-row">
        <details className="chat-emoji" ref={emojiRef} onKeyDown={closeDetailsOnEscape} onToggle={loadEmoji}>
          <summary aria-label={m.emoji} title={m.emoji}>
            <SmileIcon width={24} height={24} />
          </summary>
          <div className="chat-emoji-panel" role="group" aria-label={m.emoji} aria-busy={!Panel}>
            {Panel ? <Panel onPick={insertEmoji} disabled={!hydrated} /> : null}
          </div>
        </details>
        <label className="sr-only" htmlFor={fields.text.id}>
          {m.placeholder}
        </label>
        <textarea
          {...getTextareaProps(fields.text)}
          key={fields.text.key}
          ref={textRef}
          // A file alone (no caption) may be sent without JavaScript; the schema still checks text-only sends.
          required={false}
          rows={2}
          // Not Conform's maxLength: the browser would cut a long paste without a word; the schema's message says the limit.
          maxLength={undefined}
          placeholder={m.placeholder}
          className="chat-input"
          onKeyDown={(e) => {
            // Enter sends, Shift+Enter breaks the line, as chats do.
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault()
              e.currentTarget.form?.requestSubmit()
            }
          }}
        />
        {hydrated ? (
          <>
            <input
              ref={fileRef}
              type="file"
              accept={CHAT_ACCEPT}
              className="sr-only"
              tabIndex={-1}
              aria-hidden="true"
              onChange={(e) => {
                const file = e.currentTarget.files?.[0]
                if (file) onSend?.({ text: '', file, answerTo: replyTo ?? undefined })
                e.currentTarget.value = ''
              }}
            />
            <button type="button" className="button chat-icon-button" onClick={() => fileRef.current?.click()} aria-label={m.attach} title={m.attach}>
              <AttachIcon />
            </button>
            <button
              type="button"
              id={`chat-record-${channelId}`}
              className={`button chat-icon-button${recording ? ' chat-recording' : ''}`}
              onClick={() => void toggleRecording()}
              aria-label={recording ? m.stopRecording : m.record}
              aria-pressed={Boolean(recording)}
              title={recording ? m.stopRecording : m.record}
            >
              {recording ? <StopIcon /> : <MicIcon />}
            </button>
          </>
        ) : (
          <span className="chat-file-nojs">
            <label className="sr-only" htmlFor={`chat-file-${channelId}`}>
              {m.attach}
            </label>
            <FileInput id={`chat-file-${channelId}`} name="file" accept={CHAT_ACCEPT} />
          </span>
        )}
        <button type="submit" className="button primary" disabled={hydrated && submitDisabled}>
          {m.send}
        </button>
      </div>
      {recording ? (
        <p className="chat-recording-status" role="status">
          {m.recording}{' '}
          <button
            type="button"
            className="chat-link"
            onClick={() => {
              recording.cancel()
              setRecording(null)
            }}
          >
            {m.cancelRecording}
          </button>
        </p>
      ) : null}
      <ErrorList id={fields.text.errorId} errors={fields.text.errors} />
      {recordError ? (
        <p className="field-errors" role="alert">
          {recordError}
        </p>
      ) : null}
    </CompanyForm>
  )
}
