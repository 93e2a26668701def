/** The PNG's name: the current time to 2 decimals (`12.34.png`). */
export const frameFileName = (currentTime: number) => `${currentTime.toFixed(2)}.png`;

/** Saves the frame the element shows as a PNG (drawn on a canvas at the video's own size). */
export const downloadFrame = (video: HTMLVideoElement): Promise<void> =>
  new Promise((resolve, reject) => {
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    const context = canvas.getContext('2d');
    if (!context) return reject(new Error('canvas 2d indisponible'));
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const name = frameFileName(video.currentTime);
    canvas.toBlob((blob) => {
      if (!blob) return reject(new Error('image vide'));
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = name;
      link.click();
      // The click has started the save; the URL can go once the browser has read it.
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      resolve();
    }, 'image/png');
  });
