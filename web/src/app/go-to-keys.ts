import { useEffect } from "react";
import { useNavigate } from "react-router-dom";
import { isPageKey } from "../lib/typing";
import { goToItems } from "./navigation";

/** How long after `g` the second key still counts. */
export const GO_TO_WINDOW_MS = 1500;

/**
 * `g` then a letter goes to an area (`g c` Contacts, `g t` Tasks…), the way Linear and GitHub do, from anywhere a key
 * is not being typed. The second key is the go-to's alone: `g c` on /contacts does not also start a new contact.
 */
export function useGoToKeys() {
  const navigate = useNavigate();
  useEffect(() => {
    let pressedG = -Infinity;
    const handleKeyDown = (event: KeyboardEvent) => {
      if (!isPageKey(event) || event.shiftKey) {
        pressedG = -Infinity;
        return;
      }
      if (event.timeStamp - pressedG <= GO_TO_WINDOW_MS) {
        pressedG = -Infinity;
        const item = goToItems.find((candidate) => candidate.goKey === event.key);
        if (!item) return;
        event.preventDefault();
        event.stopPropagation();
        navigate(item.to);
        return;
      }
      if (event.key === "g") {
        pressedG = event.timeStamp;
        event.preventDefault();
      }
    };
    window.addEventListener("keydown", handleKeyDown, { capture: true });
    return () => window.removeEventListener("keydown", handleKeyDown, { capture: true });
  }, [navigate]);
}
