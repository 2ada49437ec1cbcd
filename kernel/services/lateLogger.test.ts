import { describe, expect, it } from 'vitest'
import type { LogInput, LogRecord } from '../../contracts/logRecord'
import type { Logger } from '../../contracts/serviceRefs'
import { createLateLogger, LATE_LOG_LIMIT } from './lateLogger'

const input = (message: string): LogInput => ({
  logType: 'ERROR',
  logCategory: 'LOW',
  eventType: 'E',
  message,
})

function recording() {
  const logged: LogInput[] = []
  const sinks: ((record: LogRecord) => void)[] = []
  const logger: Logger = {
    log: (i) => void logged.push(i),
    addSink: (sink) => {
      sinks.push(sink)
      return () => sinks.splice(sinks.indexOf(sink), 1)
    },
  }
  return { logged, sinks, logger }
}

describe('the late logger', () => {
  it(`keeps at most ${LATE_LOG_LIMIT} records, the newest, stamped with the time they were written`, () => {
    let clock = 1000
    const late = createLateLogger(
      () => {},
      () => clock++,
    )
    for (let n = 0; n < LATE_LOG_LIMIT + 5; n++) late.logger.log(input(`m${n}`))
    const real = recording()
    late.arrive(real.logger)
    expect(real.logged).toHaveLength(LATE_LOG_LIMIT)
    expect(real.logged[0]).toMatchObject({ message: 'm5', at: 1005 })
  })

  it('hands a sink added before the logger came over to it, and its removal still works', () => {
    const late = createLateLogger(() => {})
    const sink = () => {}
    const remove = late.logger.addSink(sink)
    const real = recording()
    late.arrive(real.logger)
    expect(real.sinks).toEqual([sink])
    remove()
    expect(real.sinks).toEqual([])
  })

  it('prints once closed; keeps again when reopened; the logger stopping hands back to the console', () => {
    const printed: unknown[] = []
    const late = createLateLogger((line) => printed.push(line))
    late.close()
    late.logger.log({ ...input('one'), otherData: { correlationId: 'c-1' } })
    expect(printed).toEqual(['[one-header] E correlationId=c-1: one'])
    late.reopen()
    late.logger.log(input('two'))
    expect(printed).toHaveLength(1)
    const real = recording()
    const handBack = late.arrive(real.logger)
    expect(real.logged.map((i) => i.message)).toEqual(['two'])
    handBack()
    late.logger.log(input('three'))
    expect(printed).toEqual(['[one-header] E correlationId=c-1: one', '[one-header] E: three'])
    expect(late.waiting).toBe(false)
  })
})
