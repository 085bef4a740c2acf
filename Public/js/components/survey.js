// The survey card: the open question of a survey the operator started, one at a time, under the
// transcript. Stars (1 to 5), one of the options (radio), or a comment; a close button ends the survey.
// Loaded with its strings and stylesheet only when a survey first arrives.

import { el, loadStylesheet } from '../dom.js';

/** The longest comment the server takes (`POST …/survey`, `invalid_survey_answer` beyond it). */
export const COMMENT_LIMIT = 1000;

/** The page's own sentence for each refusal code a survey action can meet; others get `surveyFailed`. */
const REFUSALS = Object.freeze({
  survey_disabled: 'surveyOff',
  no_current_survey: 'surveyEnded',
  incorrect_survey_id: 'surveyEnded',
  question_not_found: 'surveyEnded',
  no_survey: 'surveyEnded',
  incorrect_stars_value: 'surveyBadStars',
  incorrect_radio_value: 'surveyBadOption',
  max_comment_length_exceeded: 'surveyTooLong',
});

/** How long the thanks stay once the last answer is in. */
const THANKS_MS = 4000;

let serial = 0;

/**
 * Loads the card's stylesheet and strings, then shows the card under the transcript (`[data-transcript]`).
 * @param {Document} doc
 * @param {object} deps
 * @param {import('../store.js').ChatStore} deps.store
 * @param {import('../i18n.js').Strings} deps.strings
 * @param {import('../session.js').ChatSession} deps.session
 * @returns {Promise<SurveyCard>}
 */
export async function start(doc, { store, strings, session }) {
  await Promise.all([loadStylesheet(doc, '/static/css/survey.css'), strings.load('survey')]);
  const card = new SurveyCard(doc, { store, strings, answer: (text) => session.survey('answer', text), close: () => session.survey('close') });
  doc.querySelector('[data-transcript]')?.after(card.root);
  return card;
}

/**
 * Shows `store.survey` (the `survey` event's) and sends the visitor's answers. Hooks: `data-survey-answer`
 * (an answer to send), `data-survey-close`, `data-survey-comment` (the comment form).
 */
export class SurveyCard {
  /** @type {HTMLElement} The card; the page places it. */
  root;
  #store;
  #strings;
  #answer;
  #close;
  #question;
  #progress;
  #answers;
  #error;
  #status;
  /** The question shown, as `survey.id/formId/id`; the same one again keeps the card (and the focus) as it is. */
  #shown = '';
  #waiting = false;
  /** Whether the visitor closed the survey: it then ends without thanks. */
  #closing = false;
  #thanksTimer = 0;

  /**
   * @param {Document} doc
   * @param {object} deps
   * @param {import('../store.js').ChatStore} deps.store
   * @param {import('../i18n.js').Strings} deps.strings
   * @param {(answer: string) => void} deps.answer Sends an answer to the open question.
   * @param {() => void} deps.close Closes the survey.
   */
  constructor(doc, { store, strings, answer, close }) {
    this.#store = store;
    this.#strings = strings;
    this.#answer = answer;
    this.#close = close;
    const id = `survey-${++serial}`;
    const root = doc.createElement('section');
    root.className = 'survey';
    root.dataset.survey = '';
    root.hidden = true;
    root.setAttribute('aria-labelledby', `${id}-title`);
    const head = el('div', 'survey-head');
    const title = el('h2', 'survey-title', strings.t('surveyTitle'));
    title.id = `${id}-title`;
    this.#progress = el('p', 'survey-progress');
    const closeButton = el('button', 'survey-close', strings.t('surveyClose'));
    closeButton.setAttribute('type', 'button');
    closeButton.setAttribute('aria-label', strings.t('surveyCloseLabel'));
    closeButton.dataset.surveyClose = '';
    head.append(title, this.#progress, closeButton);
    this.#question = el('p', 'survey-question');
    this.#question.id = `${id}-question`;
    this.#question.dir = 'auto';
    this.#question.tabIndex = -1;
    this.#answers = el('div', 'survey-answers');
    this.#error = el('p', 'survey-error');
    this.#error.setAttribute('role', 'alert');
    this.#error.hidden = true;
    // Polite: a new question is announced after whatever the reader is saying, and never takes the focus.
    this.#status = el('p', 'kit-visually-hidden');
    this.#status.setAttribute('role', 'status');
    root.append(head, this.#question, this.#answers, this.#error, this.#status);
    root.addEventListener('click', (event) => this.#click(event));
    root.addEventListener('submit', (event) => this.#submit(event));
    this.root = root;
    store.addEventListener('survey', () => this.#render());
    this.#render();
  }

  /**
   * A `result` of this page's survey actions: a refusal shows the page's sentence for its code.
   * @param {{ok: boolean, error?: {code?: string} | null}} result
   */
  result(result) {
    if (result.ok) return;
    this.#waiting = false;
    this.#closing = false;
    this.#setBusy(false);
    const code = result.error?.code ?? '';
    this.#error.textContent = this.#strings.t(Object.hasOwn(REFUSALS, code) ? REFUSALS[code] : 'surveyFailed');
    this.#error.hidden = false;
  }

  #render() {
    const survey = this.#store.survey;
    const question = survey?.question;
    if (!survey || !question) return this.#end();
    clearTimeout(this.#thanksTimer);
    const key = `${survey.id}/${question.formId}/${question.id}`;
    if (key === this.#shown) return;
    // The visitor answered from inside the card: the focus goes to the new question, not lost to the page.
    const hadFocus = this.root.contains(this.root.ownerDocument.activeElement);
    this.#shown = key;
    this.#waiting = false;
    this.#closing = false;
    this.root.hidden = false;
    this.root.dataset.surveyType = String(question.type);
    const progress = this.#strings.t('surveyProgress', { n: Number(survey.questionIndex) + 1, count: Number(survey.questionCount) });
    this.#progress.textContent = progress;
    this.#question.textContent = String(question.text ?? '');
    this.#error.hidden = true;
    this.#answers.replaceChildren(...this.#controls(question));
    this.#status.textContent = `${progress}. ${question.text ?? ''}`;
    if (hadFocus) this.#question.focus();
  }

  /** The survey ended: thanks after the last answer, nothing after the visitor closed it. */
  #end() {
    if (this.#shown === '') return;
    const thanks = this.#waiting && !this.#closing;
    this.#shown = '';
    this.#waiting = false;
    this.#closing = false;
    this.#answers.replaceChildren();
    this.#error.hidden = true;
    this.#progress.textContent = '';
    if (!thanks) {
      this.#status.textContent = this.#strings.t('surveyClosed');
      this.root.hidden = true;
      return;
    }
    this.#question.textContent = this.#strings.t('surveyThanks');
    this.#status.textContent = this.#strings.t('surveyThanks');
    this.root.dataset.surveyType = 'done';
    this.#thanksTimer = setTimeout(() => {
      this.root.hidden = true;
    }, THANKS_MS);
  }

  #controls(question) {
    const labelled = (node) => {
      node.setAttribute('aria-labelledby', this.#question.id);
      return node;
    };
    if (question.type === 'stars') {
      const group = labelled(el('div', 'survey-stars'));
      group.setAttribute('role', 'group');
      for (let n = 1; n <= 5; n += 1) {
        const star = this.#button('survey-star', String(n));
        star.setAttribute('aria-label', this.#strings.t('surveyStar', { n }));
        star.append(el('span', 'survey-star-icon', '★'), el('span', 'survey-star-number', String(n)));
        group.append(star);
      }
      const scale = el('p', 'survey-scale');
      scale.setAttribute('aria-hidden', 'true');
      scale.append(el('span', '', this.#strings.t('surveyStarsLow')), el('span', '', this.#strings.t('surveyStarsHigh')));
      return [group, scale];
    }
    if (question.type === 'radio') {
      const list = labelled(el('div', 'survey-options'));
      list.setAttribute('role', 'group');
      const options = Array.isArray(question.options) ? question.options : [];
      options.forEach((option, index) => {
        const button = this.#button('survey-option', String(index + 1));
        button.textContent = String(option);
        button.dir = 'auto';
        list.append(button);
      });
      return [list];
    }
    const form = el('form', 'survey-comment');
    form.dataset.surveyComment = '';
    const text = /** @type {HTMLTextAreaElement} */ (labelled(el('textarea', 'survey-comment-input')));
    text.name = 'comment';
    text.rows = 3;
    text.maxLength = COMMENT_LIMIT;
    text.dir = 'auto';
    text.placeholder = this.#strings.t('surveyCommentPlaceholder');
    const send = el('button', 'survey-send widget-accent-button', this.#strings.t('surveySend'));
    send.setAttribute('type', 'submit');
    form.append(text, send);
    return [form];
  }

  #button(className, answer) {
    const button = el('button', className);
    button.setAttribute('type', 'button');
    button.dataset.surveyAnswer = answer;
    return button;
  }

  #click(event) {
    const target = /** @type {HTMLElement} */ (event.target).closest?.('[data-survey-answer], [data-survey-close]');
    if (!target || !this.root.contains(target)) return;
    if ('surveyClose' in target.dataset) {
      this.#closing = true;
      this.#close();
      return;
    }
    this.#send(target.dataset.surveyAnswer ?? '');
  }

  #submit(event) {
    event.preventDefault();
    const form = /** @type {HTMLFormElement} */ (event.target);
    const text = /** @type {HTMLTextAreaElement | null} */ (form.elements.namedItem('comment'));
    const comment = text?.value.trim() ?? '';
    if (comment === '') return text?.focus();
    this.#send(comment);
  }

  #send(answer) {
    if (this.#waiting || answer === '') return;
    this.#waiting = true;
    this.#error.hidden = true;
    this.#setBusy(true);
    this.#answer(answer);
  }

  /** While an answer is on its way its controls stay focusable but take no second answer. */
  #setBusy(busy) {
    this.root.setAttribute('aria-busy', String(busy));
    for (const control of this.#answers.querySelectorAll('button, textarea')) control.setAttribute('aria-disabled', String(busy));
  }
}
