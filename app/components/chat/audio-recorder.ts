import { AUDIO_BARS, AUDIO_MAX_SECONDS } from '~/domain/chat/audio.ts'

export type RecordedAudio = { file: File; duration: number; audioBars: number[] }
export type Recording = { stop: () => Promise<RecordedAudio>; cancel: () => void }

/** Squeezes the loudness samples into at most AUDIO_BARS heights from 0 to 100: an audio message's audioBars. */
export function toBars(levels: number[], count = AUDIO_BARS): number[] {
  if (levels.length === 0) return []
  const n = Math.min(count, levels.length)
  const size = levels.length / n
  const grouped = Array.from({ length: n }, (_, i) => {
    const slice = levels.slice(Math.floor(i * size), Math.max(Math.floor(i * size) + 1, Math.floor((i + 1) * size)))
    return slice.reduce((a, b) => a + b, 0) / slice.length
  })
  const peak = Math.max(...grouped)
  return grouped.map((v) => (peak > 0 ? Math.round((v / peak) * 100) : 0))
}

const pickMime = () => ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/mp4'].find((t) => MediaRecorder.isTypeSupported(t)) ?? ''

/**
 * Records from the microphone with MediaRecorder, sampling the loudness every 100 ms for the
 * bars; stops by itself at the longest voice message the API takes.
 */
export async function startRecording(onAutoStop: () => void): Promise<Recording> {
  const stream = await navigator.mediaDevices.getUserMedia({ audio: true })
  const mimeType = pickMime()
  const recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined)
  const chunks: Blob[] = []
  const levels: number[] = []
  const context = new AudioContext()
  const analyser = context.createAnalyser()
  analyser.fftSize = 256
  context.createMediaStreamSource(stream).connect(analyser)
  const samples = new Uint8Array(analyser.fftSize)
  const sampler = window.setInterval(() => {
    analyser.getByteTimeDomainData(samples)
    let sum = 0
    for (const s of samples) sum += ((s - 128) / 128) ** 2
    levels.push(Math.sqrt(sum / samples.length))
  }, 100)
  const started = performance.now()
  const limit = window.setTimeout(onAutoStop, AUDIO_MAX_SECONDS * 1000 - 500)
  recorder.ondataavailable = (e) => {
    if (e.data.size > 0) chunks.push(e.data)
  }
  recorder.start(250)

  const release = () => {
    window.clearInterval(sampler)
    window.clearTimeout(limit)
    stream.getTracks().forEach((t) => t.stop())
    void context.close()
  }

  return {
    stop: () =>
      new Promise<RecordedAudio>((resolve) => {
        recorder.onstop = () => {
          release()
          const type = recorder.mimeType || mimeType || 'audio/webm'
          const ext = type.includes('ogg') ? 'ogg' : type.includes('mp4') ? 'm4a' : 'webm'
          const duration = Math.min(AUDIO_MAX_SECONDS, (performance.now() - started) / 1000)
          resolve({ file: new File(chunks, `audio.${ext}`, { type }), duration: Math.round(duration * 10) / 10, audioBars: toBars(levels) })
        }
        recorder.stop()
      }),
    cancel: () => {
      recorder.onstop = release
      recorder.stop()
    },
  }
}
