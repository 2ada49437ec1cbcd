import { type KeyboardEvent, useId, useState } from 'react'
import type { Swiper as SwiperInstance } from 'swiper'
import { Swiper, SwiperSlide } from 'swiper/react'
import 'swiper/css'
import { useService } from '../../../kernel/react/KernelProvider'
import { headerContextRef } from '../../../kernel/services/kernelRefs'
import { fill } from '../slots/labelText'
import styles from './joinModal.module.css'

/** The subscription carousel's slides, by label key (header spec §2 learn-more carousel). */
export const SLIDES = [1, 2, 3].map((n) => ({
  title: `loyalty.carousel.slide${n}.title`,
  text: `loyalty.carousel.slide${n}.text`,
}))

/** Swiper's settings (header spec §2): one slide at a time, no loop, 500 ms, never on its own. */
export const CAROUSEL_SETTINGS = { slidesPerView: 1, loop: false, speed: 500 } as const

/**
 * The learn-more subscription carousel, Swiper 14 with no module (no autoplay, no loop): the WAI-ARIA
 * carousel pattern with our own controls. A region named as the carousel; each slide a named group
 * ("Cashback on every order, 1 of 3"), the hidden ones inert, so Tab and a screen reader meet the
 * shown slide only; labelled Previous and Next buttons, unavailable (not removed, so focus stays) at
 * the ends; the arrow keys move too while focus is inside; a polite live region says which slide.
 */
export default function LearnMoreCarousel() {
  const { labels } = useService(headerContextRef)
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null)
  const [index, setIndex] = useState(0)
  const liveId = useId()
  const last = SLIDES.length - 1
  const go = (to: number) => {
    if (to < 0 || to > last) return
    swiper?.slideTo(to)
  }
  const arrows = (e: KeyboardEvent) => {
    if (e.key === 'ArrowLeft') go(index - 1)
    else if (e.key === 'ArrowRight') go(index + 1)
  }
  const position = (i: number) =>
    fill(labels['loyalty.carousel.position'], { index: i + 1, total: SLIDES.length })

  return (
    <section
      className={styles.carousel}
      aria-roledescription="carousel"
      aria-label={labels['loyalty.carousel.label']}
      onKeyDown={arrows}
      data-loyalty="carousel"
    >
      <div id={liveId} aria-live="polite" aria-atomic="true" className={styles.visuallyHidden}>
        {`${labels[SLIDES[index]?.title ?? ''] ?? ''}, ${position(index)}`}
      </div>
      <Swiper
        {...CAROUSEL_SETTINGS}
        onSwiper={setSwiper}
        onSlideChange={(s) => setIndex(s.activeIndex)}
        className={styles.swiper}
      >
        {SLIDES.map((slide, i) => (
          <SwiperSlide
            key={slide.title}
            role="group"
            aria-roledescription="slide"
            aria-label={`${labels[slide.title]}, ${position(i)}`}
            inert={i !== index}
            className={styles.slide}
          >
            <h3 className={styles.slideTitle}>{labels[slide.title]}</h3>
            <p className={styles.text}>{labels[slide.text]}</p>
          </SwiperSlide>
        ))}
      </Swiper>
      <div className={styles.carouselControls}>
        <button
          type="button"
          className={styles.arrow}
          aria-label={labels['loyalty.carousel.previous']}
          aria-controls={liveId}
          aria-disabled={index === 0}
          onClick={() => go(index - 1)}
        >
          <span aria-hidden="true">‹</span>
        </button>
        <span className={styles.position} aria-hidden="true">
          {position(index)}
        </span>
        <button
          type="button"
          className={styles.arrow}
          aria-label={labels['loyalty.carousel.next']}
          aria-controls={liveId}
          aria-disabled={index === last}
          onClick={() => go(index + 1)}
        >
          <span aria-hidden="true">›</span>
        </button>
      </div>
    </section>
  )
}
