import { LogOut } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { useAuth } from "../../lib/auth";
import { toastError } from "../../lib/toast";
import { Button } from "../../ui/button";
import { SettingsSection } from "./settings-section";

export function SignOutSection() {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);

  const handleSignOut = async () => {
    setPending(true);
    try {
      await signOut();
      navigate("/signin", { replace: true });
    } catch (error) {
      setPending(false);
      toastError(error, "Could not sign out");
    }
  };

  return (
    <SettingsSection
      title="Session"
      description="Signing out ends your session on this device and clears the data cached in this browser."
    >
      <Button variant="secondary" pending={pending} onClick={() => void handleSignOut()}>
        {!pending && <LogOut className="size-4" aria-hidden />}
        Sign out
      </Button>
    </SettingsSection>
  );
}
