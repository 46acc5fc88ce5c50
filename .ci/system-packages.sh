#!/usr/bin/env bash
# The Debian packages npm test drives. The browsers come from Debian because Playwright cannot
# download its own here: Chromium for the Playwright suite, and with Firefox ESR and WebKitGTK's
# driver on a virtual display (the engine of Safari) for the journeys (e2e-journeys/). nginx and
# openssl for deploy/nginx.test.ts, which runs the shipped nginx configuration with certificates
# it makes; nmap, whose ssl-enum-ciphers lists the TLS suites nginx accepts; curl, with which .ci/run
# waits for npm start; xdotool, which taps and presses keys for `npm run perf:navigation` from
# outside the browser.
# Installs only what is missing, so a developer's machine is left alone.
set -euo pipefail

packages=(chromium firefox-esr webkit2gtk-driver xvfb nginx openssl nmap curl xdotool)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "Installing from Debian: ${missing[*]}"
sudo_cmd=""
if [ "$(id -u)" -ne 0 ]; then sudo_cmd="sudo"; fi
$sudo_cmd apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${missing[@]}" >/dev/null
# Debian's package may start its own nginx on port 80; the test starts one of its own, so stop that one.
if [[ " ${missing[*]} " == *" nginx "* ]] && [ -s /run/nginx.pid ]; then $sudo_cmd nginx -s quit || true; fi
