import { useEffect, useRef } from "react";
import { useNavigate } from "react-router-dom";
import { isPageKey } from "../lib/typing";
import { useFavoritesToPick } from "../features/favorites/use-favorites";
import { goToItems } from "./navigation";
import { recordPath } from "./recent-records";

/** How long after `g` the second key still counts. */
export const GO_TO_WINDOW_MS = 1500;

/**
 * `g` then a letter goes to an area (`g c` Contacts, `g t` Tasks…), the way Linear and GitHub do, from anywhere a key
 * is not being typed. The second key is the go-to's alone: `g c` on /contacts does not also start a new contact.
 * `g 1` to `g 9` open the reader's favorites, in their order.
 */
export function useGoToKeys() {
  const navigate = useNavigate();
  const listed = useFavoritesToPick();
  const favorites = useRef(listed);
  favorites.current = listed;
  useEffect(() => {
    let pressedG = -Infinity;
    const handleKeyDown = (event: KeyboardEvent) => {
      if (!isPageKey(event) || event.shiftKey) {
        pressedG = -Infinity;
        return;
      }
      if (event.timeStamp - pressedG <= GO_TO_WINDOW_MS) {
        pressedG = -Infinity;
        const favorite = /^[1-9]$/.test(event.key) ? favorites.current[Number(event.key) - 1] : undefined;
        const to = favorite
          ? recordPath({ object: favorite.recordObject, id: favorite.recordId })
          : goToItems.find((candidate) => candidate.goKey === event.key)?.to;
        if (!to) return;
        event.preventDefault();
        event.stopPropagation();
        navigate(to);
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
