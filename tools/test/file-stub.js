// Stands in for CSS and image imports in jest.
module.exports = {};
