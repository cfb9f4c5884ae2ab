// The one side-effect entry: importing it defines every <saldo-*> tag.
import { defineElements } from './elements';

defineElements();
