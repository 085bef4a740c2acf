// The tester's gallery (`GET /inspect`): each frame can start over as a new visitor.

import { startNewVisitorButtons } from './new-visitor.js';

startNewVisitorButtons(document);
