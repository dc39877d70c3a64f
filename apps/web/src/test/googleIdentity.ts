/** Stands in for Google's own script: renders a button that hands back an ID token. */
export function installGoogleIdentity() {
  let callback: (r: { credential?: string }) => void = () => {};
  window.google = {
    accounts: {
      id: {
        initialize: (o) => {
          callback = o.callback;
        },
        renderButton: (el) => {
          el.innerHTML = '';
          const b = document.createElement('button');
          b.textContent = 'Continue with Google';
          b.onclick = () => callback({ credential: 'id-token' });
          el.append(b);
        },
      },
    },
  };
}
