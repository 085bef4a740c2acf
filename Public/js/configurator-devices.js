// The configurator's device frames. The frame is the device's real size in CSS pixels, so the widget's own
// media queries see a phone as a phone (a floating launcher goes full screen below its mobile width), and it is
// scaled down with a transform to fit the preview, never resized.

/**
 * @typedef {object} Device
 * @property {string} name
 * @property {string} label
 * @property {number} width
 * @property {number} height
 * @property {string} [mode] the page's `mode` on this device
 */

/** @type {readonly Device[]} */
export const DEVICES = Object.freeze([
  { name: 'phone', label: 'Phone 390×844', width: 390, height: 844 },
  { name: 'tablet', label: 'Tablet 820×1180', width: 820, height: 1180 },
  { name: 'desktop', label: 'Desktop 1280×800', width: 1280, height: 800 },
  { name: 'kiosk', label: 'Kiosk portrait 1080×1920', width: 1080, height: 1920, mode: 'kiosk' },
]);

/** @param {string | null} name @returns {Device} the named device, the phone for any other name */
export function deviceNamed(name) {
  return DEVICES.find((device) => device.name === name) ?? DEVICES[0];
}

/**
 * Sizes `frame` as `device` and scales it (and its box, `holder`) to fit `room` CSS pixels.
 * @param {HTMLIFrameElement} frame @param {HTMLElement} holder @param {Device} device
 * @param {{width: number, height: number}} room
 */
export function fitDevice(frame, holder, device, room) {
  const scale = Math.min(1, room.width / device.width, room.height / device.height);
  frame.style.width = `${device.width}px`;
  frame.style.height = `${device.height}px`;
  frame.style.transform = scale < 1 ? `scale(${scale})` : '';
  holder.style.width = `${Math.floor(device.width * scale)}px`;
  holder.style.height = `${Math.floor(device.height * scale)}px`;
  holder.dataset.device = device.name;
  holder.dataset.scale = scale.toFixed(3);
}
